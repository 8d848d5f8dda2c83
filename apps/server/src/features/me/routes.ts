import { OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  ApiTokenSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  MeSchema,
  UpdateMeSchema,
  VerificationSchema,
} from '@wattle/domain/users/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createApiToken, forgetCachedToken, listApiTokens, revokeApiToken } from '../../auth/api-tokens';
import { AppError } from '../../http/app-error';
import { actorOf, callerOf } from '../../http/context';
import { writeAccountAudit } from '../audit/write-audit';
import { toMe, updateProfile, verifyAccount } from './me-service';

type TokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];
const toApiToken = (row: TokenRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    { config: { auth: 'user' }, schema: { tags: ['me'], response: { 200: oneSchema(MeSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      return { success: true as const, data: toMe(caller.user, caller.method) };
    },
  );

  app.patch(
    '/api/me',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['me'],
        description:
          "Changes the signed-in person's own name (1 to 200 characters) and time zone (an IANA name such as Australia/Perth, or null for each organisation's own); fields left out stay as they are. The e-mail address comes from sign-in and cannot be changed here. Audited on the account log.",
        body: UpdateMeSchema,
        response: { 200: oneSchema(MeSchema) },
      },
    },
    async (request) => {
      const user = await updateProfile(app.db, { actor: actorOf(request), input: request.body });
      return { success: true as const, data: toMe(user, callerOf(request).method) };
    },
  );

  app.post(
    '/api/me/verification',
    {
      config: { auth: 'user' },
      schema: { tags: ['me'], body: VerificationSchema, response: { 200: oneSchema(MeSchema) } },
    },
    async (request) => {
      const user = await verifyAccount(app.db, { actor: actorOf(request) });
      return { success: true as const, data: toMe(user, callerOf(request).method) };
    },
  );

  app.get(
    '/api/me/tokens',
    {
      config: { auth: 'user' },
      schema: { tags: ['me'], response: { 200: oneSchema(z.array(ApiTokenSchema)) } },
    },
    async (request) => {
      const rows = await listApiTokens(app.db, callerOf(request).user.id);
      return { success: true as const, data: rows.map(toApiToken) };
    },
  );

  app.post(
    '/api/me/tokens',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['me'],
        body: CreateApiTokenSchema,
        response: { 201: oneSchema(CreatedApiTokenSchema) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { row, token } = await app.db.transaction(async (tx) => {
        const created = await createApiToken(tx, {
          userId: actor.id,
          name: request.body.name,
          expiresInDays: request.body.expiresInDays,
        });
        await writeAccountAudit(tx, {
          userId: actor.id,
          action: 'api-token.created',
          ip: actor.ip,
          userAgent: actor.userAgent,
          metadata: { tokenId: created.row.id, name: created.row.name },
        });
        return created;
      });
      reply.status(201);
      return { success: true as const, data: { ...toApiToken(row), token } };
    },
  );

  app.delete(
    '/api/me/tokens/:id',
    {
      config: { auth: 'user' },
      schema: { tags: ['me'], params: z.object({ id: z.uuid() }), response: { 200: OkSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      await app.db.transaction(async (tx) => {
        const revoked = await revokeApiToken(tx, actor.id, request.params.id);
        if (!revoked) throw new AppError('NOT_FOUND', 'Token not found');
        await writeAccountAudit(tx, {
          userId: actor.id,
          action: 'api-token.revoked',
          ip: actor.ip,
          userAgent: actor.userAgent,
          metadata: { tokenId: request.params.id },
        });
      });
      // Refused from now on by this instance, not only once the cache's seconds have passed.
      forgetCachedToken(request.params.id);
      return { success: true as const };
    },
  );
};
