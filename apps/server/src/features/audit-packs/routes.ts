import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  AuditPackListQuerySchema,
  AuditPackSchema,
  AuditPackStartedSchema,
  auditPackMessages,
  CreateAuditPackSchema,
} from '@wattle/domain/audit-packs/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { inTenant } from '../../http/tenant-scope';
import { StoredFileMissingError } from '../../storage/file-storage';
import { attachmentDisposition } from '../files/file-name';
import { findAuditPack, listAuditPacks } from './audit-pack-records';
import { recordAuditPackDownload, requestAuditPack } from './request-audit-pack';

const Params = z.object({ id: z.uuid() });
const tags = ['audit-packs'];
const who =
  'Needs read:audit-packs (owners, admins and auditors; 403 for anyone else). A pack of another tenant answers 404.';

/** Audit packs (issue 16 item 6): ask for one, follow its build, download the ZIP. */
export const auditPackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit-packs',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `The tenant's audit packs, newest first, each with its scope, period, status, progress and who asked for it. ${who}`,
        querystring: AuditPackListQuerySchema,
        response: { 200: listSchema(AuditPackSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listAuditPacks(ctx, { limit, offset }));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.post(
    '/api/audit-packs',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Starts building a pack of the evidence for periodFrom..periodTo (dates in the tenant time zone, both ' +
          "included) and a scope: the whole organisation, a team (scopeId) or a participant (scopeId). Answers 202 with the pack's id " +
          "and status 'queued'; the build runs in the background (follow it with GET /api/audit-packs/{id}) and survives a restart. " +
          `A team or participant not of the tenant: 404 '${auditPackMessages.teamNotFound}' / '${auditPackMessages.participantNotFound}'. ` +
          `Audited ('requested', then 'built' or 'failed'). Honours Idempotency-Key. ${who}`,
        body: CreateAuditPackSchema,
        response: { 202: oneSchema(AuditPackStartedSchema) },
      },
    },
    async (request, reply) => {
      const pack = await inTenant(request, (ctx) => requestAuditPack(ctx, request.body));
      // After the commit: the builder reads the queued row in a transaction of its own.
      app.auditPackBuilder.enqueue({ tenantId: request.tenantId!, id: pack.id });
      reply.status(202);
      return { success: true as const, data: { id: pack.id, status: pack.status } };
    },
  );

  app.get(
    '/api/audit-packs/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `One pack: status (queued, building, ready, failed), progress 0–100, and once ready its file count and size. ${who}`,
        params: Params,
        response: { 200: oneSchema(AuditPackSchema) },
      },
    },
    async (request) => {
      const { pack } = await inTenant(request, (ctx) => findAuditPack(ctx, request.params.id));
      return { success: true as const, data: pack };
    },
  );

  app.get(
    '/api/audit-packs/:id/download',
    {
      // A plain link downloads it, so the tenant may come in the query like a file's.
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description:
          'The ZIP of a ready pack as an attachment: manifest.json at its root lists every other file with its size and ' +
          'SHA-256; plans/, training/ and consent-forms/ hold PDFs, registers/ the CSV registers, audit-log.csv the audit log. ' +
          `Not ready yet: 409 '${auditPackMessages.notReady}'. Audited ('downloaded'). ${who}`,
        params: Params,
        querystring: z.object({
          tenantId: z.uuid().optional().describe('The tenant, for a plain link that cannot send X-Tenant-Id'),
        }),
        produces: ['application/zip'],
        response: { 200: z.string().describe('application/zip (binary)') },
      },
    },
    async (request, reply) => {
      const { pack, row } = await inTenant(request, (ctx) => findAuditPack(ctx, request.params.id));
      if (pack.status !== 'ready' || !row.storageKey)
        throw new AppError('CONFLICT', auditPackMessages.notReady);
      let stream: Awaited<ReturnType<typeof app.storage.get>>;
      try {
        stream = await app.storage.get(row.storageKey);
      } catch (error) {
        if (!(error instanceof StoredFileMissingError)) throw error;
        request.log.error(
          { packId: pack.id, storageKey: row.storageKey },
          'an audit pack is missing from storage',
        );
        throw new AppError('NOT_FOUND', auditPackMessages.fileMissing);
      }
      try {
        await inTenant(request, (ctx) => recordAuditPackDownload(ctx, pack));
      } catch (error) {
        stream.destroy();
        throw error;
      }
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(pack.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      if (pack.byteSize !== null) reply.header('content-length', pack.byteSize);
      // The schema documents the body as binary; a stream is piped as it is, never serialised.
      return reply.send(stream as unknown as string);
    },
  );
};
