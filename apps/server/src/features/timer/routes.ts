import { oneSchema } from '@wattle/domain/api/envelope';
import { TimeEntrySchema } from '@wattle/domain/time/entries';
import { StartTimerSchema, TimerSchema } from '@wattle/domain/time/timer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { requireTimeWriter, timeReach } from '../time-entries/time-entry-access';
import { startTimer } from './start-timer';
import { StopTimerBodySchema, stopTimer } from './stop-timer';
import { findTimer, toTimer } from './timer-records';

const tags = ['timer'];
const events =
  "Each change is announced on /api/events to the caller's own pages only: { type: 'updated', entity: 'timer', id: <userId> }.";

/** The running timer (issue 14 part 5): one per person and tenant, on the server. */
export const timerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/timer',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "The caller's timer in this tenant: running with startedAt and what it is for, or not running. For whoever records time (403 otherwise).",
        response: { 200: oneSchema(TimerSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, async (ctx) => {
        requireTimeWriter(await timeReach(ctx));
        return toTimer(await findTimer(ctx));
      });
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/timer/start',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Starts the caller's timer, optionally for a participant, card and time code (checked as an entry's: 404 for one the caller cannot record time on, 422 PRICING_REFUSED for an inactive code). 409 CONFLICT with details.current when one is already running. Audited. ${events}`,
        body: StartTimerSchema,
        response: { 200: oneSchema(TimerSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => startTimer(ctx, request.body));
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/timer/stop',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `{ save: true } stops the timer and saves a draft time entry, start and stop rounded to the minute in the tenant's time zone (past midnight, endDate is the next day), through the same rules as POST /api/time-entries (400, 409 OVERLAP, 422 PRICING_REFUSED); timeCodeId, participantId, cardId and description in the body fill in or replace the timer's. Over 12 hours: 422 LONG_TIMER (details.elapsedSeconds) unless isLongTimerConfirmed. No time code on the timer, in the body or as the tenant's default (its code for 01_013_0107_1_1, or its only active code): 422 TIME_CODE_REQUIRED with details.missing. A refusal leaves the timer running. { save: false } discards it. 409 CONFLICT 'No timer is running'. Audited. ${events}`,
        body: StopTimerBodySchema,
        response: {
          200: oneSchema(z.object({ timer: TimerSchema, entry: TimeEntrySchema.nullable() })),
        },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => stopTimer(ctx, request.body));
      return { success: true as const, data };
    },
  );
};
