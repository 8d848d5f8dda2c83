import type { Timer } from '@wattle/domain/time/timer';
import { and, eq } from 'drizzle-orm';
import { timers } from '../../db/schema/time-entries';
import type { TenantContext } from '../../http/tenant-scope';
import { publishChange } from '../events/change-feed';

export type TimerRow = typeof timers.$inferSelect;

export const stoppedTimer: Timer = {
  running: false,
  startedAt: null,
  participantId: null,
  cardId: null,
  timeCodeId: null,
};

export function toTimer(row: TimerRow | null | undefined): Timer {
  if (!row) return stoppedTimer;
  return {
    running: true,
    startedAt: row.startedAt.toISOString(),
    participantId: row.participantId,
    cardId: row.cardId,
    timeCodeId: row.timeCodeId,
  };
}

/** The caller's timer row in this tenant, locked for the write that follows when asked. */
export async function findTimer(
  ctx: TenantContext,
  options: { forUpdate?: boolean } = {},
): Promise<TimerRow | null> {
  const query = ctx.tx
    .select()
    .from(timers)
    .where(and(eq(timers.tenantId, ctx.tenantId), eq(timers.userId, ctx.actor.id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Tells the person's own open pages (every tab and device, and no one else) that their timer
 * changed, so the header chip appears or goes within a second.
 */
export function publishTimerChange(ctx: TenantContext): Promise<void> {
  return publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: ctx.actor.id,
    event: { type: 'updated', entity: 'timer', id: ctx.actor.id, version: null },
  });
}
