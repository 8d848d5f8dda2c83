import { z } from 'zod';
import { cardStates, cardStatuses, cardTypes, priorities } from '../cards/schemas';

/**
 * Meeting Reviews (issue 17 item 5, `/meeting`): a team's cards to walk through in a team meeting,
 * grouped by participant. A card is on the review when it is due in the window (from `days` days
 * before today to `days` days after: what fell due since the last meeting and what falls due before
 * the next) or was changed in the last `days` days. Notes taken in the meeting are saved to each card
 * as a review comment through the comments feature, marked `meetingReview`.
 */
export const meetingReviewDefaultDays = 7;
export const meetingReviewMaxDays = 31;

export const MeetingReviewQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'The review period must be a whole number of days' })
    .int('The review period must be a whole number of days')
    .min(1, 'The review period must be at least 1 day')
    .max(meetingReviewMaxDays, `The review period can be at most ${meetingReviewMaxDays} days`)
    .default(meetingReviewDefaultDays),
});
export type MeetingReviewQuery = z.infer<typeof MeetingReviewQuerySchema>;

/** Why a card is on the review. */
export const meetingReviewReasons = ['due', 'changed'] as const;

export const MeetingReviewCardSchema = z.object({
  id: z.uuid(),
  workItemId: z.string(),
  title: z.string(),
  type: z.enum(cardTypes),
  status: z.enum(cardStatuses),
  state: z.enum(cardStates),
  priority: z.enum(priorities),
  dueDate: z.iso.date().nullable(),
  /** Due before today and not done. */
  isOverdue: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
  lastModifiedByName: z.string().nullable(),
  assigneeName: z.string().nullable(),
  reasons: z.array(z.enum(meetingReviewReasons)).min(1),
  /** The latest meeting-review note on the card, if any (its text and when). */
  lastReview: z
    .object({ content: z.string(), userName: z.string(), createdAt: z.iso.datetime({ offset: true }) })
    .nullable(),
});
export type MeetingReviewCard = z.infer<typeof MeetingReviewCardSchema>;

export const MeetingReviewGroupSchema = z.object({
  participantId: z.string().nullable(),
  /** 'No participant' for cards about nobody in particular. */
  participantName: z.string(),
  cards: z.array(MeetingReviewCardSchema),
});
export type MeetingReviewGroup = z.infer<typeof MeetingReviewGroupSchema>;

export const MeetingReviewSchema = z.object({
  team: z.object({ id: z.uuid(), name: z.string() }),
  days: z.number().int(),
  /** The organisation's today (yyyy-mm-dd in its time zone). */
  today: z.iso.date(),
  /** The organisation's time zone (IANA), for showing when cards changed. */
  timeZone: z.string(),
  /** Due dates from `dueFrom` to `dueTo`, inclusive, are on the review. */
  dueFrom: z.iso.date(),
  dueTo: z.iso.date(),
  /** Cards changed since this moment are on the review. */
  changedSince: z.iso.datetime({ offset: true }),
  /** Whether the caller may save notes (write:comments on the team). */
  canWriteNotes: z.boolean(),
  total: z.number().int().min(0),
  groups: z.array(MeetingReviewGroupSchema),
});
export type MeetingReview = z.infer<typeof MeetingReviewSchema>;

export const noParticipantLabel = 'No participant';

/** The agenda's file name: `meeting-agenda-<team>-<yyyy-mm-dd>.pdf`, safe in any header. */
export function meetingAgendaFileName(teamName: string, today: string): string {
  const slug = teamName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `meeting-agenda-${slug || 'team'}-${today}.pdf`;
}
