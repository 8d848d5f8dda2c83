import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import { and, asc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { cards } from '../../db/schema/cards';
import { memberships, tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import {
  type Actor,
  continueAsUser,
  continueInTenant,
  maintenanceActor,
  withTenant,
  withUser,
} from '../../db/with-tenant';
import { everyCardOf, publishChange } from '../events/change-feed';
import { buildSearchText, searchTextVersion, tenantTimeZone, todayIn } from './card-values';

/**
 * Search text goes stale when something it is built from changes outside the card: the format
 * (`searchTextVersion`), an assignee's name, the tenant's time zone (the created date). These
 * rebuild it with the same `buildSearchText` the card saves use, a batch of cards at a time, and
 * write only the cards whose text changed. Search text is derived data: no audit entry, no new
 * card version, no event per card (the start-up rebuild tells open views once per tenant).
 */

/** Cards read and written per statement. */
const batchSize = 500;

interface Scope {
  tx: Tx;
  tenantId: string;
}

/** What a batch did: the last card it read (the next batch starts after it), how many it read and changed. */
interface Batch {
  lastId: string | null;
  read: number;
  changed: number;
}

/**
 * One batch: the tenant's cards matching `where` with ids after `after`, in id order, locked (so a
 * save of one of them waits, then builds its own text from what is then current), rebuilt.
 */
async function rebuildBatch(
  scope: Scope,
  options: { where?: SQL | undefined; after: string | null; timeZone: string },
): Promise<Batch> {
  const rows = await scope.tx
    .select({
      id: cards.id,
      number: cards.number,
      workItemPrefix: cards.workItemPrefix,
      title: cards.title,
      description: cards.description,
      assigneeId: cards.assigneeId,
      assigneeName: users.name,
      dueDate: cards.dueDate,
      createdAt: cards.createdAt,
      fieldValues: cards.fieldValues,
      searchText: cards.searchText,
    })
    .from(cards)
    .leftJoin(users, eq(users.id, cards.assigneeId))
    .where(
      and(
        eq(cards.tenantId, scope.tenantId),
        options.where,
        options.after ? gt(cards.id, options.after) : undefined,
      ),
    )
    .orderBy(asc(cards.id))
    .limit(batchSize)
    .for('update', { of: cards });
  const changed: SQL[] = [];
  for (const row of rows) {
    const text = buildSearchText({
      workItemId: formatWorkItemId(row.workItemPrefix, row.number),
      title: row.title,
      description: row.description,
      assigneeName: row.assigneeId ? row.assigneeName : null,
      dueDate: row.dueDate,
      createdDate: todayIn(options.timeZone, row.createdAt),
      fieldValues: row.fieldValues,
    });
    if (text !== row.searchText) changed.push(sql`(${row.id}::uuid, ${text})`);
  }
  if (changed.length > 0) {
    await scope.tx.execute(sql`update cards set search_text = v.text
      from (values ${sql.join(changed, sql`, `)}) as v(id, text)
      where cards.tenant_id = ${scope.tenantId} and cards.id = v.id`);
  }
  return { lastId: rows.at(-1)?.id ?? null, read: rows.length, changed: changed.length };
}

/**
 * Runs `batch` from the first card on, each time after the last one read, until a batch comes back
 * short. Answers how many cards changed in all.
 */
async function inBatches(batch: (after: string | null) => Promise<Batch>): Promise<number> {
  let after: string | null = null;
  let changed = 0;
  for (;;) {
    const done = await batch(after);
    changed += done.changed;
    if (done.read < batchSize) return changed;
    after = done.lastId;
  }
}

/**
 * Rebuilds, in this transaction, the search text of the tenant's cards matching `where` (every card
 * when there is none). Answers how many changed.
 */
export async function rebuildSearchText(
  scope: Scope,
  options: { where?: SQL; timeZone?: string } = {},
): Promise<number> {
  const timeZone = options.timeZone ?? (await tenantTimeZone(scope));
  return inBatches((after) => rebuildBatch(scope, { where: options.where, after, timeZone }));
}

/**
 * After the tenant's time zone changed from `from` to `to` (in this transaction): the cards whose
 * created date differs between the two zones get their search text rebuilt. Most cards keep their
 * day, so only those are read in full.
 */
export async function rebuildSearchTextForTimeZone(scope: Scope, from: string, to: string): Promise<number> {
  const created = await scope.tx
    .select({ id: cards.id, createdAt: cards.createdAt })
    .from(cards)
    .where(eq(cards.tenantId, scope.tenantId));
  const moved = created
    .filter((card) => todayIn(from, card.createdAt) !== todayIn(to, card.createdAt))
    .map((card) => card.id);
  let changed = 0;
  for (let i = 0; i < moved.length; i += batchSize) {
    changed += await rebuildSearchText(scope, {
      where: inArray(cards.id, moved.slice(i, i + batchSize)),
      timeZone: to,
    });
  }
  return changed;
}

/**
 * After `actor` was renamed in this transaction (which began outside tenant scope, see
 * `continueAsUser`): the cards assigned to them, in every tenant they belong to, get their search
 * text rebuilt before the transaction commits. A card is only ever assigned to a member of its
 * tenant (a member of its team, or an owner or admin: card-assignee.ts), and memberships are never
 * removed, so the actor's memberships name every tenant that has such cards. Each tenant is entered
 * in turn, under its own row-level security.
 */
export async function rebuildSearchTextOfAssignee(tx: Tx, actor: Actor): Promise<number> {
  await continueAsUser(tx, actor);
  const tenantIds = await tx
    .select({ tenantId: memberships.tenantId })
    .from(memberships)
    .where(eq(memberships.userId, actor.id));
  let changed = 0;
  for (const { tenantId } of tenantIds) {
    await continueInTenant(tx, tenantId, actor);
    changed += await rebuildSearchText({ tx, tenantId }, { where: eq(cards.assigneeId, actor.id) });
  }
  return changed;
}

/**
 * At start-up: every tenant whose cards' search text is of an older format gets it rebuilt, a batch
 * per transaction (a large tenant never holds its cards locked for long), and is then marked
 * current. Idempotent: an interrupted run starts that tenant again, and a tenant already current is
 * only read from the directory. Runs while the migration lock is held, so instances starting
 * together do it once.
 */
export async function rebuildOutdatedSearchText(db: Database): Promise<{ tenants: number; changed: number }> {
  const outdated = await withUser(db, maintenanceActor, (tx) =>
    tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(lt(tenants.searchTextVersion, searchTextVersion))
      .orderBy(asc(tenants.id)),
  );
  let changed = 0;
  for (const tenant of outdated) {
    // A transaction per batch: a large tenant never holds its cards locked for long.
    const changedInTenant = await inBatches((after) =>
      withTenant(db, tenant.id, maintenanceActor, async (tx) => {
        const scope = { tx, tenantId: tenant.id };
        return rebuildBatch(scope, { after, timeZone: await tenantTimeZone(scope) });
      }),
    );
    changed += changedInTenant;
    await withTenant(db, tenant.id, maintenanceActor, async (tx) => {
      await tx
        .update(tenants)
        .set({ searchTextVersion })
        .where(and(eq(tenants.id, tenant.id), lt(tenants.searchTextVersion, searchTextVersion)));
      // Open searches of the tenant (served by other instances during a rolling start) ask again.
      if (changedInTenant > 0) await publishChange(tx, everyCardOf(tenant.id));
    });
  }
  return { tenants: outdated.length, changed };
}
