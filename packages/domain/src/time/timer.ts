import { z } from 'zod';
import { localDateTime } from './clock';
import { formatHours } from './entries';

export { localDateTime } from './clock';

/**
 * The running timer (spec work sections 2 "Running timer", 4 "Timer", 9 "timer refresh"; issue 14
 * part 5): one per person and tenant, kept on the server so every tab and device shows the same
 * chip. Stop & Save turns it into a time entry (DESIGN.md section 7).
 */

export const TimerSchema = z.object({
  running: z.boolean(),
  /** When it started (null when not running). */
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  participantId: z.uuid().nullable(),
  cardId: z.uuid().nullable(),
  timeCodeId: z.uuid().nullable(),
});
export type Timer = z.infer<typeof TimerSchema>;

/** `POST /api/timer/start`: Quick Add's Start Timer, with what the entry will be for. */
export const StartTimerSchema = z.object({
  participantId: z.uuid().nullish(),
  cardId: z.uuid().nullish(),
  timeCodeId: z.uuid().nullish(),
});
export type StartTimer = z.infer<typeof StartTimerSchema>;

/**
 * `POST /api/timer/stop { save: true }`: stops and saves the entry. A timer over
 * `longTimerMinutes` is saved only with `isLongTimerConfirmed` (the dialog asks first).
 */
export const StopTimerSchema = z.object({
  save: z.literal(true),
  isLongTimerConfirmed: z.boolean().default(false),
});
export type StopTimer = z.infer<typeof StopTimerSchema>;

/** A timer running longer than this asks before it is saved: it was most likely left running. */
export const longTimerMinutes = 12 * 60;

/** The chip's refresh (spec section 9: 1 s). */
export const timerRefreshMs = 1000;

export const timerMessages = {
  notRunning: 'No timer is running',
  alreadyRunning: 'A timer is already running',
  longTimerTitle: 'Save a long timer?',
  /** The question before saving a timer over 12 hours. */
  longTimer: (elapsedSeconds: number) =>
    `This timer has been running for ${formatHours(Math.floor(elapsedSeconds / 60))} hours, more than ${longTimerMinutes / 60}. Save it as a time entry?`,
} as const;

function instantMs(at: string | Date): number {
  return typeof at === 'string' ? Date.parse(at) : at.getTime();
}

/** Whole seconds from `startedAt` to `now`, never negative (a clock a little behind shows 00:00). */
export function timerElapsedSeconds(startedAt: string | Date, now: string | Date): number {
  return Math.max(0, Math.floor((instantMs(now) - instantMs(startedAt)) / 1000));
}

/** Stop & Save asks first when the timer has run more than 12 hours. */
export function isLongTimer(startedAt: string | Date, now: string | Date): boolean {
  return timerElapsedSeconds(startedAt, now) > longTimerMinutes * 60;
}

/** The chip: mm:ss, and h:mm:ss from an hour on ('07:05', '1:02:03'). */
export function formatTimerElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = String(Math.floor((whole % 3600) / 60)).padStart(2, '0');
  const secs = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${minutes}:${secs}` : `${minutes}:${secs}`;
}

const minuteMs = 60_000;

/**
 * The entry a stopped timer becomes, in the tenant's time zone: start and stop each rounded to the
 * nearest minute, and at least one minute long (an entry is never zero minutes). `endDate` is the
 * day it stopped, the next day for a timer left running past midnight.
 */
export function timerEntryTimes(
  startedAt: string | Date,
  stoppedAt: string | Date,
  timeZone: string,
): { date: string; startTime: string; endDate: string; endTime: string } {
  const start = Math.round(instantMs(startedAt) / minuteMs) * minuteMs;
  const stop = Math.max(Math.round(instantMs(stoppedAt) / minuteMs) * minuteMs, start + minuteMs);
  const from = localDateTime(new Date(start), timeZone);
  const to = localDateTime(new Date(stop), timeZone);
  return { date: from.date, startTime: from.time, endDate: to.date, endTime: to.time };
}
