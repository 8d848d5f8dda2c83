import type { CreateCardInput, PatchCardInput } from '@wattle/domain/cards/schemas';
import type { Database } from '../db/client';
import type { Actor } from '../db/with-tenant';
import { createCard } from '../features/cards/create-card';
import { updateCard } from '../features/cards/update-card';
import { runInTenant } from '../http/tenant-scope';

/**
 * The demo work cards: a few real cards per team, made through the card services as the people who
 * would make them, so each has its work item id, computed compliance and a true audit trail
 * ('created', then each later change by whoever made it).
 */
interface DemoCard {
  team: string;
  by: string;
  card: Omit<CreateCardInput, 'teamId' | 'assigneeId' | 'description'> & {
    description?: string;
    assignee?: string;
  };
  /** Later changes, each as its own save. */
  changes?: { by: string; patch: Omit<PatchCardInput, 'version'> }[];
}

export const demoCards: Record<string, DemoCard[]> = {
  sunrise: [
    {
      team: 'jordan',
      by: 'priya.practitioner@sunrise.example',
      card: {
        title: 'Comprehensive Behaviour Support Plan: Jordan Lee',
        templateId: 'comprehensive-bsp',
        description:
          'Annual plan review after the school transition. Participant details confirmed with Karen.',
        assignee: 'priya.practitioner@sunrise.example',
        priority: 'high',
      },
      changes: [
        {
          by: 'priya.practitioner@sunrise.example',
          patch: {
            fieldValues: {
              'participant-name': 'Jordan Lee',
              'participant-dob': '2009-03-14',
              'participant-ndis': '430123456',
              'participant-address': '<p>14 Banksia Street, Parramatta NSW 2150</p>',
              'participant-emergency-contact': 'Karen Lee (mother), 0412 345 678',
            },
          },
        },
      ],
    },
    {
      team: 'jordan',
      by: 'sophie.support@sunrise.example',
      card: {
        title: 'Incident report: distress at school pick-up',
        templateId: 'incident-report',
        description: 'Jordan became distressed when the bus was late; no injuries.',
        assignee: 'sophie.support@sunrise.example',
      },
      changes: [
        {
          by: 'sophie.support@sunrise.example',
          patch: {
            fieldValues: {
              'participant-name': 'Jordan Lee',
              'participant-ndis': '430123456',
              'incident-location': 'Westmead Public School, front gate',
              'incident-description':
                '<p>The school bus was 25 minutes late. Jordan paced, covered his ears and sat on the footpath. ' +
                'He settled after moving to the quiet bench with his headphones.</p>',
              'immediate-actions':
                '<ul><li>Moved Jordan away from the traffic noise</li><li>Offered headphones and water</li><li>Called Karen at 3:40 pm</li></ul>',
            },
          },
        },
        { by: 'sophie.support@sunrise.example', patch: { status: 'in-progress' } },
      ],
    },
    {
      team: 'jordan',
      by: 'lee.lead@sunrise.example',
      card: {
        title: 'Book occupational therapy review',
        templateId: null,
        description: 'Ask the OT about a sensory kit for the school bag before the term starts.',
        assignee: 'sophie.support@sunrise.example',
        priority: 'medium',
        tags: ['allied-health'],
      },
    },
    {
      team: 'mia',
      by: 'theo.therapist@sunrise.example',
      card: {
        title: 'Interim Behaviour Support Plan: Mia Thompson',
        templateId: 'interim-bsp',
        description: 'Interim plan while the comprehensive assessment is under way.',
        assignee: 'theo.therapist@sunrise.example',
      },
      changes: [
        {
          by: 'theo.therapist@sunrise.example',
          patch: { fieldValues: { 'participant-name': 'Mia Thompson', 'participant-dob': '1998-11-02' } },
        },
      ],
    },
    {
      team: 'mia',
      by: 'priya.practitioner@sunrise.example',
      card: {
        title: 'Update AAC device vocabulary for the new kitchen routine',
        templateId: null,
        description: 'Add the cooking words Mia asked for: chop, stir, oven, timer.',
        assignee: 'priya.practitioner@sunrise.example',
        priority: 'low',
      },
    },
  ],
  bluegum: [
    {
      team: 'harper',
      by: 'ben.owner@bluegum.example',
      card: {
        title: 'Print a visual schedule for the morning routine',
        templateId: null,
        description: 'Laminate it and put it on the fridge at home.',
      },
    },
  ],
};

export async function seedDemoCards(
  db: Database,
  options: {
    tenantId: string;
    cards: DemoCard[];
    teamIds: Map<string, string>;
    actorFor: (email: string) => Actor;
  },
): Promise<void> {
  for (const spec of options.cards) {
    const teamId = options.teamIds.get(spec.team);
    if (!teamId) throw new Error(`demo card on unknown team ${spec.team}`);
    const { assignee, ...card } = spec.card;
    let { id, version } = await runInTenant(db, options.tenantId, options.actorFor(spec.by), (ctx) =>
      createCard(ctx, {
        ...card,
        teamId,
        description: card.description ?? '',
        assigneeId: assignee ? options.actorFor(assignee).id : null,
      }),
    );
    for (const change of spec.changes ?? []) {
      ({ id, version } = await runInTenant(db, options.tenantId, options.actorFor(change.by), (ctx) =>
        updateCard(ctx, id, { ...change.patch, version }),
      ));
    }
  }
}
