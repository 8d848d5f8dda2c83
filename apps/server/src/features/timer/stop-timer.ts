import type { TimeEntry } from '@wattle/domain/time/entries';
import {
  isLongTimer,
  StopTimerSchema,
  type Timer,
  timerElapsedSeconds,
  timerEntryTimes,
  timerMessages,
} from '@wattle/domain/time/timer';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { timers } from '../../db/schema/time-entries';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { tenantTimeZone } from '../cards/card-values';
import { insertTimeEntry } from '../time-entries/create-time-entry';
import { requireTimeWriter, timeReach } from '../time-entries/time-entry-access';
import { currentTimeEntry } from '../time-entries/time-entry-records';
import { tenantDefaultTimeCode } from './default-time-code';
import { findTimer, publishTimerChange, stoppedTimer, toTimer } from './timer-records';

/**
 * `POST /api/timer/stop`: `{ save: true, … }` is Stop & Save, which may fill in what the timer was
 * started without (or change it) so the dialog can ask and try again; `{ save: false }` discards.
 */
export const StopTimerBodySchema = z.discriminatedUnion('save', [
  StopTimerSchema.extend({
    timeCodeId: z.uuid().optional(),
    participantId: z.uuid().nullable().optional(),
    cardId: z.uuid().nullable().optional(),
    description: z
      .string()
      .trim()
      .max(2000, 'Must be no more than 2000 characters')
      .optional()
      .transform((value) => (value ? value : null)),
  }),
  z.object({ save: z.literal(false) }),
]);
export type StopTimerBody = z.infer<typeof StopTimerBodySchema>;

export const timeCodeRequiredMessage = 'Choose the time code to save this timer under';

/**
 * Stops the caller's timer. Stop & Save makes it a draft entry through the same path as the dialog
 * (pricing, overlap), its start and stop rounded to the minute in the tenant's time zone: a timer
 * running past midnight becomes an entry with the next day as its end date. Over 12 hours it is 422
 * LONG_TIMER unless `isLongTimerConfirmed`. With no time code on the timer, in the body or as the
 * tenant's default, it is 422 TIME_CODE_REQUIRED (`details.missing`). Any refusal leaves the timer
 * running, so nothing is lost.
 */
export async function stopTimer(
  ctx: TenantContext,
  input: StopTimerBody,
  now = new Date(),
): Promise<{ timer: Timer; entry: TimeEntry | null }> {
  const reach = await timeReach(ctx);
  requireTimeWriter(reach);
  const row = await findTimer(ctx, { forUpdate: true });
  if (!row) throw new AppError('CONFLICT', timerMessages.notRunning, { current: stoppedTimer });

  let entry: TimeEntry | null = null;
  if (input.save) {
    const elapsedSeconds = timerElapsedSeconds(row.startedAt, now);
    if (isLongTimer(row.startedAt, now) && !input.isLongTimerConfirmed) {
      throw new AppError('LONG_TIMER', timerMessages.longTimer(elapsedSeconds), { elapsedSeconds });
    }
    const timeCodeId = input.timeCodeId ?? row.timeCodeId ?? (await tenantDefaultTimeCode(ctx));
    if (!timeCodeId) {
      throw new AppError('TIME_CODE_REQUIRED', timeCodeRequiredMessage, { missing: ['timeCodeId'] });
    }
    const times = timerEntryTimes(row.startedAt, now, await tenantTimeZone(ctx));
    const created = await insertTimeEntry(
      ctx,
      reach,
      {
        ...times,
        timeCodeId,
        participantId: input.participantId !== undefined ? input.participantId : row.participantId,
        cardId: input.cardId !== undefined ? input.cardId : row.cardId,
        description: input.description ?? null,
        location: null,
        isTravel: false,
        cancellation: null,
      },
      { via: 'timer' },
    );
    entry = await currentTimeEntry(ctx, created.id);
  }

  await ctx.tx.delete(timers).where(and(eq(timers.tenantId, ctx.tenantId), eq(timers.userId, ctx.actor.id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'timer',
    entityId: ctx.actor.id,
    action: input.save ? 'saved' : 'discarded',
    changes: [{ field: 'startedAt', oldValue: row.startedAt.toISOString(), newValue: null }],
    metadata: { stoppedAt: now.toISOString(), timeEntryId: entry?.id ?? null, was: toTimer(row) },
  });
  await publishTimerChange(ctx);
  return { timer: stoppedTimer, entry };
}
