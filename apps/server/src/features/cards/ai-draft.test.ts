import type { FormField, FormTemplate } from '@wattle/domain/templates/schemas';
import { describe, expect, it } from 'vitest';
import { type DraftSourceCard, draftSection, incidentSummary } from './ai-draft';

const field = (
  id: string,
  name: string,
  type: FormField['type'],
  extra: Partial<FormField> = {},
): FormField => ({
  id,
  name,
  type,
  order: 0,
  required: false,
  ndisStandard: false,
  ...extra,
});

const template = {
  id: 'custom-plan',
  fields: [
    field('target-behaviors', 'Target Behaviours', 'textarea', { validation: { maxLength: 80 } }),
    field('behavior-intensity', 'Intensity', 'select', { options: ['Low', 'High'] }),
    field('antecedents', 'Antecedents', 'textarea', { validation: { maxLength: 20 } }),
    field('consequences', 'Consequences', 'textarea'),
    field('assessment-date', 'Assessment Date', 'date'),
    field('rp-justification', 'Justification for the behaviour restriction', 'textarea'),
  ],
} as unknown as FormTemplate;

const source = (overrides: Partial<DraftSourceCard>): DraftSourceCard => ({
  id: 'x',
  title: 'Record',
  type: 'task',
  templateCategory: null,
  fieldValues: {},
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('draftSection', () => {
  it('takes only values this template accepts, never from the card itself, and never dates', () => {
    const draft = draftSection({
      template,
      card: { id: 'me', fieldValues: {} },
      sectionId: 'assessment',
      timeZone: 'Australia/Sydney',
      sources: [
        source({
          id: 'me',
          updatedAt: '2025-06-01T00:00:00.000Z',
          fieldValues: { consequences: '<p>From the card itself</p>' },
        }),
        source({
          id: 'newer',
          templateCategory: 'assessment',
          updatedAt: '2025-05-01T00:00:00.000Z',
          // An option this template does not offer, and text over the field's maximum.
          fieldValues: {
            'behavior-intensity': 'Severe',
            antecedents: '<p>Far longer than twenty characters</p>',
            'assessment-date': '2025-05-01',
          },
        }),
        source({
          id: 'older',
          templateCategory: 'plan',
          updatedAt: '2025-04-01T00:00:00.000Z',
          fieldValues: {
            'behavior-intensity': 'High',
            antecedents: '<p>Noise</p>',
            consequences: '<p> </p>',
          },
        }),
      ],
    });
    expect(draft).toEqual({
      fieldValues: { 'behavior-intensity': 'High', antecedents: '<p>Noise</p>' },
      sources: { assessments: 1, incidents: 0, previousPlans: 1 },
    });
  });

  it('summarises incidents into empty behaviour fields only, within their maximum length', () => {
    const incidents = [
      source({ id: 'a', type: 'incident', title: 'Hit a peer', createdAt: '2025-03-09T14:30:00.000Z' }),
      source({
        id: 'b',
        templateCategory: 'incident',
        title: 'Threw a chair',
        fieldValues: { 'incident-date': '2025-02-01' },
      }),
    ];
    const draft = draftSection({
      template,
      card: { id: 'me', fieldValues: { antecedents: '<p>Known</p>' } },
      sectionId: 'assessment',
      timeZone: 'Australia/Sydney',
      sources: incidents,
    });
    // 14:30 UTC on 9 March is 10 March in Sydney. The summary fits target-behaviors (80) only.
    expect(draft.fieldValues).toEqual({
      'target-behaviors': '<p>Recorded incidents: 2. Most recent: Hit a peer (10 March 2025).</p>',
    });
    expect(draft.sources.incidents).toBe(2);
  });

  it('drafts nothing for a section without such fields', () => {
    const draft = draftSection({
      template,
      card: { id: 'me', fieldValues: {} },
      sectionId: 'strategies',
      timeZone: 'Australia/Sydney',
      sources: [source({ fieldValues: { 'target-behaviors': '<p>x</p>' } })],
    });
    expect(draft.fieldValues).toEqual({});
  });
});

describe('incidentSummary', () => {
  it('is null without incidents and escapes titles', () => {
    expect(incidentSummary([], 'Australia/Sydney')).toBeNull();
    expect(
      incidentSummary(
        [source({ title: 'A & B <script>', fieldValues: { 'incident-date': '2024-12-25' } })],
        'Australia/Sydney',
      ),
    ).toBe('<p>Recorded incidents: 1. Most recent: A &amp; B &lt;script&gt; (25 December 2024).</p>');
  });
});
