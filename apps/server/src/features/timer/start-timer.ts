import { type StartTimer, type Timer, timerMessages } from '@wattle/domain/time/timer';
import { and, eq } from 'drizzle-orm';
import { timeCodes } from '../../db/schema/catalogue';
import { timers } from '../../db/schema/time-entries';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { resolveEntryLinks } from '../time-entries/entry-links';
import { requireChosenTimeCode } from '../time-entries/price-time-entry';
import { requireTimeWriter, timeReach } from '../time-entries/time-entry-access';
import { findTimer, publishTimerChange, toTimer } from './timer-records';

/**
 * `POST /api/timer/start`: Quick Add's Start Timer, with what the entry will be for (each optional,
 * each checked now as an entry would check it). One timer per person and tenant: a second start is
 * 409 with the running timer, whichever tab or device it came from.
 */
export async function startTimer(ctx: TenantContext, input: StartTimer): Promise<Timer> {
  const reach = await timeReach(ctx);
  requireTimeWriter(reach);
  const links = await resolveEntryLinks(ctx, reach, input);
  const timeCodeId = input.timeCodeId ?? null;
  if (timeCodeId) {
    const [code] = await ctx.tx
      .select()
      .from(timeCodes)
      .where(and(eq(timeCodes.tenantId, ctx.tenantId), eq(timeCodes.id, timeCodeId)));
    requireChosenTimeCode(code);
  }
  const [row] = await ctx.tx
    .insert(timers)
    .values({
      tenantId: ctx.tenantId,
      userId: ctx.actor.id,
      startedAt: new Date(),
      participantId: links.participantId,
      cardId: links.cardId,
      timeCodeId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw new AppError('CONFLICT', timerMessages.alreadyRunning, { current: toTimer(await findTimer(ctx)) });
  }
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'timer',
    entityId: ctx.actor.id,
    action: 'started',
    changes: [{ field: 'startedAt', oldValue: null, newValue: row.startedAt.toISOString() }],
    metadata: { participantId: row.participantId, cardId: row.cardId, timeCodeId: row.timeCodeId },
  });
  await publishTimerChange(ctx);
  return toTimer(row);
}
