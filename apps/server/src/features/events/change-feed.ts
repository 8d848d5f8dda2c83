import type { PGlite } from '@electric-sql/pglite';
import type { ChangeEvent } from '@wattle/domain/events/rules';
import { ChangeEventSchema } from '@wattle/domain/events/schemas';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client';

/**
 * The live change feed (DESIGN.md sections 1 and 4). A write announces what changed with
 * `publishChange(tx, …)` inside its own transaction; that is a Postgres NOTIFY, which the database
 * delivers only when the transaction commits (and never for one rolled back), to every server
 * instance listening on the database: this one included. So one path serves PGlite in-process and
 * several instances on one Postgres, and an event never announces a change a reader cannot see yet.
 */
export const changeChannel = 'wattle_changes';

/**
 * What travels on the channel: the client's event plus whom it is for. `userId` narrows it to one
 * person (their notifications, their favourites); null means everyone in the tenant.
 */
const ChangeMessageSchema = z.object({
  tenantId: z.uuid(),
  userId: z.uuid().nullable(),
  event: ChangeEventSchema,
});
export type ChangeMessage = z.infer<typeof ChangeMessageSchema>;

/** Many of a tenant's cards changed at once: every open view of its cards fetches them again. */
export function everyCardOf(tenantId: string): ChangeMessage {
  return { tenantId, userId: null, event: { type: 'updated', entity: 'card', id: '*', version: null } };
}

/** Announces a change when `tx` commits. Call it in the transaction that made the change. */
export async function publishChange(tx: Queryable, message: ChangeMessage): Promise<void> {
  await tx.execute(sql`select pg_notify(${changeChannel}, ${JSON.stringify(message)})`);
}

/** Several changes in one round trip (e.g. every notification of an access request). */
export async function publishChanges(tx: Queryable, messages: ChangeMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const calls = messages.map((m) => sql`pg_notify(${changeChannel}, ${JSON.stringify(m)})`);
  await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

/**
 * What a person's streams in their other organisations hear of a change to their notifications in
 * one (GET /api/notifications/unread-counts): the organisation's id and nothing of the notification.
 * null for every other message.
 */
function unreadElsewhere(message: ChangeMessage): ChangeEvent | null {
  if (message.userId === null || message.event.entity !== 'notification') return null;
  return { type: 'updated', entity: 'tenant-unread', id: message.tenantId, version: null };
}

export interface ChangeSubscriber {
  tenantId: string;
  userId: string;
  send(event: ChangeEvent): void;
}

/** This instance's open streams, and the fan-out of each message to the ones it concerns. */
export class ChangeFeed {
  private readonly subscribers = new Set<ChangeSubscriber>();

  /** `beforeDelivery` hears every well-formed message before any stream does (the read cache). */
  constructor(private readonly beforeDelivery: (message: ChangeMessage) => void = () => undefined) {}

  subscribe(subscriber: ChangeSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Delivers one raw channel payload; anything malformed is dropped. */
  dispatch(payload: string | undefined): void {
    let message: ChangeMessage;
    try {
      message = ChangeMessageSchema.parse(JSON.parse(payload ?? ''));
    } catch {
      return;
    }
    this.beforeDelivery(message);
    const otherTenantUnread = unreadElsewhere(message);
    for (const s of this.subscribers) {
      if (s.tenantId !== message.tenantId) {
        // The person's own notifications changed in another of their organisations: their streams
        // elsewhere hear only which organisation, so the tenant switcher's counts refresh.
        if (otherTenantUnread && s.userId === message.userId) s.send(otherTenantUnread);
        continue;
      }
      if (message.userId !== null && s.userId !== message.userId) continue;
      s.send(message.event);
    }
  }
}

/**
 * Listens on the change channel and hands every payload to `onPayload`; resolves to a function that
 * stops. On PGlite the database's own connection listens. On Postgres a dedicated connection does
 * (a pooled one would be handed to other work), and is re-opened after a drop. Changes announced
 * while it is down are never heard, so `onListening` reports each change of state (true once
 * listening, false on a drop): the caller ends its streams then, and their browsers poll until they
 * reconnect and catch up.
 */
export async function listenForChanges(
  handle: DatabaseHandle,
  onPayload: (payload: string | undefined) => void,
  log: FastifyBaseLogger,
  onListening: (listening: boolean) => void = () => undefined,
): Promise<() => Promise<void>> {
  if (handle.kind === 'pglite') {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(changeChannel, onPayload);
    // In-process: it cannot drop while the database is open.
    onListening(true);
    return async () => {
      if (!client.closed) await unlisten();
    };
  }

  const pool = handle.pool;
  if (!pool) throw new Error('a Postgres database handle without its pool');
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (delayMs: number): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: pool.options.connectionString });
    next.on('notification', (n) => {
      if (n.channel === changeChannel) onPayload(n.payload);
    });
    next.on('error', (err) => log.warn({ err }, 'change feed connection failed'));
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      log.warn('change feed connection closed; reconnecting');
      onListening(false);
      schedule(1000);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${changeChannel}`);
      if (stopped) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      onListening(true);
    } catch (err) {
      log.warn({ err }, 'change feed could not listen; retrying');
      await next.end().catch(() => undefined);
      schedule(delayMs);
    }
  };
  // Back off from 1 s to 30 s while the database stays away.
  const schedule = (delayMs: number) => {
    if (stopped) return;
    retry = setTimeout(() => void connect(Math.min(delayMs * 2, 30_000)), delayMs);
    retry.unref();
  };

  await connect(1000);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
