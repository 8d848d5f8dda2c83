import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../auth/secrets';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema/users';
import { AppError } from './app-error';

const KeyPattern = /^[\w.:-]{8,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

/**
 * POSTs honour an `Idempotency-Key` header: the first request with a key reserves it, its successful
 * answer is stored, and a repeat with the same key and body gets that answer again (with
 * `Idempotent-Replayed: true`) instead of creating a second record. A failed first attempt frees the
 * key so the client can retry.
 */
export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || key === undefined || !request.caller) return;
    if (typeof key !== 'string' || !KeyPattern.test(key)) {
      throw new AppError(
        'BAD_REQUEST',
        'Idempotency-Key must be 8 to 128 letters, digits, dots, colons or dashes',
      );
    }
    const userId = request.caller.user.id;
    // The tenant is part of the request: the same body sent to another tenant is another request.
    const tenant = request.headers['x-tenant-id'] ?? '';
    const requestHash = sha256(
      `${request.method} ${request.url} ${tenant} ${JSON.stringify(request.body ?? null)}`,
    );
    const reserved = await app.db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (reserved.length > 0) {
      request.idempotencyKey = key;
      return;
    }
    const [existing] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!existing) throw new AppError('CONFLICT', 'Retry the request');
    if (existing.requestHash !== requestHash) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request');
    }
    if (existing.statusCode === null) {
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in progress');
    }
    reply.header('idempotent-replayed', 'true');
    return reply.status(existing.statusCode).send(existing.response);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.caller) return payload;
    const userId = request.caller.user.id;
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const stored = reply.statusCode >= 200 && reply.statusCode < 300 ? parseJson(payload) : undefined;
    if (stored !== undefined) {
      await app.db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, response: stored })
        .where(where);
    } else {
      await app.db.delete(idempotencyKeys).where(where);
    }
    return payload;
  });
}

export async function purgeIdempotencyKeys(db: Database): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`));
}

function parseJson(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}
