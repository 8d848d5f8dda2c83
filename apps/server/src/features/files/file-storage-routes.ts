import { FileListQuerySchema, StoredFileListSchema } from '@wattle/domain/files/file-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTenant } from '../../http/tenant-scope';
import { listFiles } from './list-files';

/**
 * File storage (`/admin/files`, issue 17 item 1): every document and attachment of the organisation
 * the caller may open, in one list. Downloading and deleting stay the card file routes'
 * (`GET` and `DELETE /api/files/{id}`), so one rule decides each.
 */
export const fileStorageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/files',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['files'],
        description:
          "The organisation's files (attachments and required documents of live cards), newest upload first, " +
          'each with its card, team, participant, uploader, downloads, last access, scan status, retention ' +
          '(days, auto-delete, delete-after) and whether the caller may delete it. Only files of cards the caller may open: every card of a team where they read cards, a plan shared with family for a family guardian; ' +
          'a confidential file only to those who also read internal comments on its team. ' +
          'q matches names (every word a part of the name, any case); filters category, type (pdf, doc, docx), ' +
          "teamId (404 'Team not found' for a team the caller cannot see), participantId, uploadedBy, confidential, " +
          'scanStatus and pastRetention. Keyset paging: pass ' +
          'meta.nextCursor as cursor for the next page (null on the last); a cursor this list did not give is 400. ' +
          'meta.total counts every match; meta.offset is always 0.',
        querystring: FileListQuerySchema,
        response: { 200: StoredFileListSchema },
      },
    },
    async (request) => {
      const { data, total, nextCursor } = await inTenant(request, (ctx) => listFiles(ctx, request.query));
      return {
        success: true as const,
        data,
        meta: { total, limit: request.query.limit, offset: 0, nextCursor },
      };
    },
  );
};
