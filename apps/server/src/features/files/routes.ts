import fastifyMultipart from '@fastify/multipart';
import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  CardFileSchema,
  documentMimeTypes,
  templateUploadMaxBytes,
  UploadResultSchema,
  uploadMessages,
} from '@wattle/domain/files/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { inTenant } from '../../http/tenant-scope';
import { newStorageKey, StoredFileMissingError } from '../../storage/file-storage';
import { deleteCardFile, findDownloadableFile, listCardFiles, recordDownload } from './file-access';
import { attachmentDisposition, inlineDisposition } from './file-name';
import { recordRetention } from './file-retention';
import { readUpload } from './read-upload';
import { checkUpload, maxUploadBytes, prepareUpload, recordUpload, requiredDocument } from './upload-file';
import { recordQuarantinedUpload, scanUpload } from './virus-scan';

const CardParams = z.object({ id: z.uuid() });
const FileParams = z.object({ id: z.uuid() });
const tags = ['files'];

/**
 * Card attachments (spec work sections 3, 7 and 9): pdf, doc and docx recognised by content, 10 MB
 * (20 MB for a template's required document), stored through the configured file storage, announced
 * by a system comment, downloadable by whoever may open the card.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are parsed in this plugin only: every other route still takes JSON alone.
  await app.register(fastifyMultipart, {
    limits: { fileSize: templateUploadMaxBytes, files: 1, fields: 4, parts: 5 },
  });

  app.post(
    '/api/cards/:id/files',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Attaches a file to a card (write:cards on its team): multipart/form-data with a part `file` and an ' +
          "optional field `requirementId` (a required document of the card's template, sent before the file). " +
          'PDF, DOC and DOCX only, recognised by content (415 "Only PDF, DOC and DOCX files can be attached"); ' +
          'at most 10 MB, 20 MB for a required document (413 "The file is larger than the 10 MB limit"); 400 for ' +
          'an empty or missing file. The file is named after its content: the extension typed is replaced by (or ' +
          'extended with) .pdf, .doc or .docx as found ("invoice.hta" holding a PDF is stored and offered as ' +
          '"invoice.pdf"). Adds the system comment "Attached {filename}" with that name; a required document ' +
          "counts towards the card's completed documents. 403 LIMIT_REACHED when the file would pass the subscription's storage limit (nothing is kept). " +
          'When the server has a virus scanner (CLAMAV_URL, clamd) the file is scanned first: an infected file is ' +
          'quarantined (never stored, recorded as virusScanStatus "infected", the uploader notified) and the upload ' +
          'answers 422 FILE_INFECTED naming the signature; when clamd cannot be reached the file is kept as "pending" ' +
          'and scanned again within a minute. Without a scanner virusScanStatus is "not-scanned".',
        params: CardParams,
        consumes: ['multipart/form-data'],
        response: { 201: oneSchema(UploadResultSchema) },
      },
    },
    async (request, reply) => {
      const cardId = request.params.id;
      // Who may upload is settled before a byte of the file is read.
      const rules = await inTenant(request, (ctx) => prepareUpload(ctx, cardId));
      const read = await readUpload(request, (requirementId) => {
        try {
          return maxUploadBytes(requiredDocument(rules, requirementId));
        } catch {
          return maxUploadBytes(null);
        }
      });
      const upload = await checkUpload(rules, read);
      // Scanned before it is stored (virus-scan.ts): an infected file is never kept, and is recorded
      // as quarantined (committed) before the upload is refused.
      const scan = await scanUpload(app.config.clamavUrl, upload.bytes, request.log);
      if (scan.status === 'infected') {
        await inTenant(request, (ctx) => recordQuarantinedUpload(ctx, cardId, upload, scan.signature));
        throw new AppError('FILE_INFECTED', uploadMessages.infected(upload.name, scan.signature));
      }
      // The bytes are stored outside the transaction (no connection waits on the storage), then
      // recorded; a failed record removes them again.
      const storageKey = newStorageKey(request.tenantId!);
      await app.storage.put(storageKey, upload.bytes, documentMimeTypes[upload.format]);
      try {
        const data = await inTenant(request, async (ctx) => {
          const recorded = await recordUpload(ctx, cardId, {
            ...upload,
            storageKey,
            virusScanStatus: scan.status,
          });
          // How long it is kept is recorded with it, from its template (decision 0029).
          await recordRetention(ctx, recorded.file.id, upload.document);
          return recorded;
        });
        reply.status(201);
        return { success: true as const, data };
      } catch (error) {
        await app.storage
          .delete(storageKey)
          .catch((err) => request.log.warn({ err, storageKey }, 'could not remove an unrecorded upload'));
        throw error;
      }
    },
  );

  app.get(
    '/api/cards/:id/files',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "The card's attached files, oldest first, for whoever may open the card. 404 'Card not found'.",
        params: CardParams,
        response: { 200: listSchema(CardFileSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => listCardFiles(ctx, request.params.id));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.get(
    '/api/files/:id',
    {
      // A plain link downloads it, so the tenant may come in the query like the event stream's.
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description:
          'Downloads a file as an attachment under its name, with the content type of its detected format, for ' +
          "whoever may open its card (404 'File not found' for anyone else). Counted and audited. 423 SCAN_PENDING " +
          'while its virus scan has not finished; 422 FILE_INFECTED for a quarantined file.',
        params: FileParams,
        querystring: z.object({
          tenantId: z.uuid().optional().describe('The tenant, for a plain link that cannot send X-Tenant-Id'),
          inline: z
            .enum(['true', 'false'])
            .optional()
            .describe(
              'true: a PDF is sent inline, for previewing it in the page (other formats still download)',
            ),
        }),
        produces: [
          'application/pdf',
          'application/msword',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ],
        response: { 200: z.string().describe('The file (binary)') },
      },
    },
    async (request, reply) => {
      const file = await inTenant(request, (ctx) => findDownloadableFile(ctx, request.params.id));
      let stream: Awaited<ReturnType<typeof app.storage.get>>;
      try {
        stream = await app.storage.get(file.storageKey);
      } catch (error) {
        if (!(error instanceof StoredFileMissingError)) throw error;
        request.log.error(
          { fileId: file.id, storageKey: file.storageKey },
          'a recorded file is missing from storage',
        );
        throw new AppError('NOT_FOUND', 'File not found');
      }
      try {
        await inTenant(request, (ctx) => recordDownload(ctx, file));
      } catch (error) {
        stream.destroy();
        throw error;
      }
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header(
            'content-disposition',
            request.query.inline === 'true' && file.format === 'pdf'
              ? inlineDisposition(file.name)
              : attachmentDisposition(file.name),
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          // The schema documents the body as binary; a stream is piped as it is, never serialised.
          .send(stream as unknown as string)
      );
    },
  );

  app.delete(
    '/api/files/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Removes a file from its card (the uploader, or a team admin): the bytes are kept for the retention ' +
          "period but nobody can list or download it. Its 'Attached' comment goes with it. 204.",
        params: FileParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await inTenant(request, (ctx) => deleteCardFile(ctx, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
