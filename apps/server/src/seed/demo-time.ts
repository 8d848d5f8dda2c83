import { addDays, dayOfWeek } from '@wattle/domain/time/clock';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { timeCodes } from '../db/schema/catalogue';
import { participants } from '../db/schema/participants';
import type { Actor } from '../db/with-tenant';
import { tenantToday } from '../features/cards/card-values';
import { insertTimeEntry } from '../features/time-entries/create-time-entry';
import { approveTimeEntry, rejectTimeEntry, submitTimeEntry } from '../features/time-entries/entry-workflow';
import { timeReach } from '../features/time-entries/time-entry-access';
import { runInTenant } from '../http/tenant-scope';

/**
 * A few weeks of demo time entries in every state (issue 14 part 7), so the timesheet, approvals and
 * the next issue's invoices have something real to show. Weeks count back from the current one
 * (Monday first, in the tenant's time zone): three and two weeks ago approved (one rejected with a
 * reason, left for its worker to fix), last week submitted and waiting for the team lead, this week
 * drafts for the worker to submit. The current week's drafts are on weekdays other than today, and
 * never on its weekend, so whatever someone records today or this weekend does not meet them.
 * Every entry goes through the same path as the dialog: priced by the rules, audited.
 */

type Outcome = 'draft' | 'submitted' | 'approved' | 'rejected';

interface DemoEntry {
  /** Weeks back from the current week (0 this week, 1 last week…). */
  week: number;
  /** 0 Monday … 6 Sunday. */
  day: number;
  start: string;
  end: string;
  /** The support item number of the tenant's time code. */
  code: string;
  /** The team whose participant the support was for. */
  team: string;
  description: string;
  isTravel?: boolean;
  outcome: Outcome;
  /** Why the team lead sent it back (outcome 'rejected'). */
  reason?: string;
}

interface DemoWorker {
  email: string;
  /** Who approves and rejects their entries: the team's lead, or an admin where a team has none. */
  approver: string;
  entries: DemoEntry[];
}

const selfCare = '01_011_0107_1_1';
const community = '04_104_0125_6_1';
const therapy = '15_054_0128_6_1';
const physio = '15_056_0128_1_3';

/** Sophie's usual week on Jordan's team: mornings of self-care, afternoons in the community. */
function sophieWeek(week: number, outcome: Outcome): DemoEntry[] {
  return [
    {
      week,
      day: 0,
      start: '09:00',
      end: '12:00',
      code: selfCare,
      team: 'jordan',
      description: 'Morning routine and breakfast',
      outcome,
    },
    {
      week,
      day: 1,
      start: '13:00',
      end: '15:30',
      code: community,
      team: 'jordan',
      description: 'Swimming at the aquatic centre',
      outcome,
    },
    {
      week,
      day: 2,
      start: '09:00',
      end: '11:00',
      code: selfCare,
      team: 'jordan',
      description: 'Shopping and meal preparation',
      outcome,
    },
    {
      week,
      day: 3,
      start: '13:00',
      end: '16:00',
      code: community,
      team: 'jordan',
      description: 'Library and café outing',
      outcome,
    },
    {
      week,
      day: 4,
      start: '09:00',
      end: '12:00',
      code: selfCare,
      team: 'jordan',
      description: 'Morning routine and appointments',
      outcome,
    },
  ];
}

/**
 * Weeks four to nine back: approved time the demo invoices were made from (seed/demo-invoices.ts),
 * so the last fortnight's approved time is still there for someone to invoice.
 */
const historyWeeks = [4, 5, 6, 7, 8, 9];
const onceAWeek = (weeks: number[], entry: Omit<DemoEntry, 'week' | 'outcome'>): DemoEntry[] =>
  weeks.map((week) => ({ ...entry, week, outcome: 'approved' }));

export const demoTime: Record<string, DemoWorker[]> = {
  sunrise: [
    {
      email: 'sophie.support@sunrise.example',
      approver: 'lee.lead@sunrise.example',
      entries: [
        ...historyWeeks.flatMap((week) => sophieWeek(week, 'approved')),
        ...sophieWeek(3, 'approved'),
        {
          week: 3,
          day: 5,
          start: '10:00',
          end: '13:00',
          code: community,
          team: 'jordan',
          description: 'Saturday football with the club',
          outcome: 'approved',
        },
        ...sophieWeek(2, 'approved'),
        {
          week: 2,
          day: 2,
          start: '18:00',
          end: '21:00',
          code: selfCare,
          team: 'jordan',
          description: 'Evening routine',
          outcome: 'rejected',
          reason:
            "Jordan's evening routine finished at 8:30 pm; please correct the end time and submit it again.",
        },
        ...sophieWeek(1, 'submitted'),
        {
          week: 1,
          day: 1,
          start: '12:30',
          end: '13:00',
          code: community,
          team: 'jordan',
          description: 'Travel to the aquatic centre',
          isTravel: true,
          outcome: 'submitted',
        },
        ...sophieWeek(0, 'draft'),
      ],
    },
    {
      email: 'priya.practitioner@sunrise.example',
      approver: 'olivia.owner@sunrise.example',
      entries: [
        {
          week: 2,
          day: 1,
          start: '10:00',
          end: '11:30',
          code: therapy,
          team: 'mia',
          description: 'Functional behaviour assessment: observation',
          outcome: 'approved',
        },
        {
          week: 1,
          day: 3,
          start: '14:00',
          end: '15:30',
          code: therapy,
          team: 'mia',
          description: 'Behaviour support plan review with family',
          outcome: 'submitted',
        },
        {
          week: 1,
          day: 1,
          start: '09:30',
          end: '10:30',
          code: therapy,
          team: 'jordan',
          description: 'Strategy coaching for support workers',
          outcome: 'submitted',
        },
      ],
    },
    {
      email: 'theo.therapist@sunrise.example',
      approver: 'olivia.owner@sunrise.example',
      entries: [
        ...onceAWeek(historyWeeks, {
          day: 3,
          start: '11:00',
          end: '12:00',
          code: physio,
          team: 'mia',
          description: 'Physiotherapy: strength and balance',
        }),
        {
          week: 2,
          day: 3,
          start: '11:00',
          end: '12:00',
          code: physio,
          team: 'mia',
          description: 'Physiotherapy: mobility programme',
          outcome: 'approved',
        },
        {
          week: 1,
          day: 3,
          start: '11:00',
          end: '12:00',
          code: physio,
          team: 'mia',
          description: 'Physiotherapy: hydrotherapy session',
          outcome: 'submitted',
        },
      ],
    },
    {
      email: 'lee.lead@sunrise.example',
      approver: 'olivia.owner@sunrise.example',
      entries: [
        ...onceAWeek(historyWeeks, {
          day: 4,
          start: '13:00',
          end: '16:00',
          code: community,
          team: 'noah',
          description: 'Community access: job club',
        }),
        {
          week: 2,
          day: 4,
          start: '13:00',
          end: '16:00',
          code: community,
          team: 'noah',
          description: 'Community access: work experience visit',
          outcome: 'approved',
        },
        {
          week: 1,
          day: 4,
          start: '13:00',
          end: '16:00',
          code: community,
          team: 'noah',
          description: 'Community access: TAFE open day',
          outcome: 'submitted',
        },
      ],
    },
  ],
  bluegum: [
    {
      email: 'priya.practitioner@sunrise.example',
      approver: 'ben.owner@bluegum.example',
      entries: [
        ...onceAWeek([4, 5, 6, 7], {
          day: 2,
          start: '09:00',
          end: '10:30',
          code: therapy,
          team: 'harper',
          description: 'Occupational therapy: sensory programme',
        }),
        {
          week: 2,
          day: 2,
          start: '09:00',
          end: '10:30',
          code: therapy,
          team: 'harper',
          description: 'Sensory assessment',
          outcome: 'approved',
        },
        {
          week: 1,
          day: 2,
          start: '09:00',
          end: '10:30',
          code: therapy,
          team: 'harper',
          description: 'Sensory diet review',
          outcome: 'submitted',
        },
      ],
    },
    {
      email: 'ben.owner@bluegum.example',
      approver: 'ben.owner@bluegum.example',
      entries: [
        ...onceAWeek([4, 5, 6, 7], {
          day: 1,
          start: '10:00',
          end: '12:00',
          code: selfCare,
          team: 'oliver',
          description: 'Personal care visit in Cobar',
        }),
        {
          week: 2,
          day: 1,
          start: '10:00',
          end: '12:00',
          code: selfCare,
          team: 'oliver',
          description: 'Personal care visit in Cobar',
          outcome: 'approved',
        },
        {
          week: 1,
          day: 1,
          start: '10:00',
          end: '12:00',
          code: selfCare,
          team: 'oliver',
          description: 'Personal care visit in Cobar',
          outcome: 'submitted',
        },
      ],
    },
  ],
};

/** The Monday of the week a date is in. */
export function weekStart(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** The entries of this week that fall on today or its weekend are left out (see above). */
function isKept(entry: DemoEntry, date: string, today: string): boolean {
  return entry.week !== 0 || (entry.day < 5 && date !== today);
}

export async function seedDemoTime(
  db: Database,
  options: {
    tenantKey: string;
    tenantId: string;
    teamIds: Map<string, string>;
    actorFor: (email: string) => Actor;
  },
): Promise<void> {
  const workers = demoTime[options.tenantKey] ?? [];
  const { tenantId, teamIds, actorFor } = options;
  for (const worker of workers) {
    const decisions: { id: string; outcome: Outcome; reason?: string }[] = [];
    await runInTenant(db, tenantId, actorFor(worker.email), async (ctx) => {
      const today = await tenantToday(ctx);
      const monday = weekStart(today);
      const codes = await ctx.tx.select().from(timeCodes).where(eq(timeCodes.tenantId, tenantId));
      const reach = await timeReach(ctx);
      for (const entry of worker.entries) {
        const date = addDays(monday, entry.day - 7 * entry.week);
        if (!isKept(entry, date, today)) continue;
        const [participant] = await ctx.tx
          .select({ id: participants.id })
          .from(participants)
          .where(and(eq(participants.tenantId, tenantId), eq(participants.teamId, teamIds.get(entry.team)!)));
        const row = await insertTimeEntry(
          ctx,
          reach,
          {
            date,
            startTime: entry.start,
            endTime: entry.end,
            endDate: date,
            timeCodeId: codes.find((c) => c.code === entry.code)!.id,
            participantId: participant?.id ?? null,
            description: entry.description,
            location: null,
            isTravel: entry.isTravel ?? false,
            cancellation: null,
          },
          { via: 'dialog' },
        );
        if (entry.outcome !== 'draft') {
          await submitTimeEntry(ctx, row.id);
          decisions.push({ id: row.id, outcome: entry.outcome, reason: entry.reason });
        }
      }
    });
    const decided = decisions.filter((d) => d.outcome === 'approved' || d.outcome === 'rejected');
    if (decided.length === 0) continue;
    await runInTenant(db, tenantId, actorFor(worker.approver), async (ctx) => {
      for (const decision of decided) {
        if (decision.outcome === 'approved') await approveTimeEntry(ctx, decision.id);
        else await rejectTimeEntry(ctx, decision.id, { reason: decision.reason! });
      }
    });
  }
}
