import { fieldValueError, isFilled } from '@wattle/domain/cards/compliance';
import type { Card } from '@wattle/domain/cards/schemas';
import type {
  FieldValue,
  FieldValues,
  FormField,
  FormSectionId,
  FormTemplate,
  TemplateCategory,
} from '@wattle/domain/templates/schemas';
import { sectionOfField } from '@wattle/domain/templates/sections';
import { formatDate } from './pdf-text';

/**
 * The 'AI' button of a form section (DESIGN.md section 7): a deterministic draft from the
 * participant's own records. For each empty field of the section, the newest value of the same field
 * on the participant's other cards; for a behaviour field nobody has written yet, a factual summary
 * of the incidents on record. Nothing is invented and nothing is saved here.
 */

/** One of the participant's other cards, as the draft reads it. */
export interface DraftSourceCard {
  id: string;
  title: string;
  type: Card['type'];
  /** The category of the card's template; null for a card without one. */
  templateCategory: TemplateCategory | null;
  fieldValues: FieldValues;
  createdAt: string;
  updatedAt: string;
}

export interface DraftSources {
  assessments: number;
  incidents: number;
  previousPlans: number;
}

export interface SectionDraft {
  fieldValues: FieldValues;
  sources: DraftSources;
}

/** Only these are drafted: dates, ticks and signatures record facts of this card alone. */
const draftableTypes = new Set<FormField['type']>(['text', 'textarea', 'select', 'multi-select']);

/**
 * Fields of the Behaviour Assessment section about the behaviours themselves (target behaviours,
 * antecedents, function, risk), which a summary of the incidents on record helps to start; not the
 * restrictive-practice fields, which only a practitioner can justify.
 */
const isBehaviourField = (field: FormField) =>
  sectionOfField(field) === 'assessment' &&
  !field.id.startsWith('rp-') &&
  /behavio|trigger|antecedent|incident|risk|function|hypothes|concern/.test(
    `${field.id} ${field.name.toLowerCase()}`,
  );

export const isIncident = (c: Pick<DraftSourceCard, 'templateCategory' | 'type'>) =>
  c.templateCategory === 'incident' || (c.templateCategory === null && c.type === 'incident');

export function countSources(sources: readonly DraftSourceCard[]): DraftSources {
  return {
    assessments: sources.filter((c) => c.templateCategory === 'assessment').length,
    incidents: sources.filter(isIncident).length,
    previousPlans: sources.filter((c) => c.templateCategory === 'plan').length,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The day an incident happened (yyyy-mm-dd): its incident-date field, else the day the card was made. */
function incidentDay(card: DraftSourceCard, timeZone: string): string {
  const given = card.fieldValues['incident-date'];
  if (typeof given === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(given)) return given;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(card.createdAt));
}

/** 'Recorded incidents: N. Most recent: {title} ({date}).' as a rich-text paragraph. */
export function incidentSummary(incidents: readonly DraftSourceCard[], timeZone: string): string | null {
  const dated = incidents.map((card) => ({ card, day: incidentDay(card, timeZone) }));
  dated.sort((a, b) => b.day.localeCompare(a.day) || b.card.createdAt.localeCompare(a.card.createdAt));
  const newest = dated[0];
  if (!newest) return null;
  return `<p>Recorded incidents: ${incidents.length}. Most recent: ${escapeHtml(newest.card.title)} (${formatDate(newest.day)}).</p>`;
}

/**
 * The draft of one section of `card` (whose template is `template`) from `sources`: the
 * participant's other cards the caller may read. Only empty fields are filled, each with a value
 * its field accepts (an option no longer offered, or text over the maximum length, is left out).
 */
export function draftSection(input: {
  template: FormTemplate;
  card: Pick<Card, 'id' | 'fieldValues'>;
  sectionId: FormSectionId;
  sources: readonly DraftSourceCard[];
  timeZone: string;
}): SectionDraft {
  const { template, card, sectionId, timeZone } = input;
  const sources = input.sources
    .filter((s) => s.id !== card.id)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id));
  const fields = template.fields
    .filter((f) => sectionOfField(f) === sectionId && draftableTypes.has(f.type))
    .filter((f) => !isFilled(card.fieldValues[f.id]))
    .sort((a, b) => a.order - b.order);
  const incidents = sources.filter(isIncident);
  const summary = incidentSummary(incidents, timeZone);

  const fieldValues: FieldValues = {};
  for (const field of fields) {
    const earlier = sources
      .map((s) => s.fieldValues[field.id])
      .find(
        (value): value is Exclude<FieldValue, null> =>
          value !== undefined && isFilled(value) && accepts(field, value),
      );
    if (earlier !== undefined) {
      fieldValues[field.id] = earlier;
      continue;
    }
    const isText = field.type === 'text' || field.type === 'textarea';
    if (summary && isText && isBehaviourField(field)) {
      if (accepts(field, summary)) fieldValues[field.id] = summary;
    }
  }
  return { fieldValues, sources: countSources(sources) };
}

function accepts(field: FormField, value: FieldValue): boolean {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return false;
  return fieldValueError(field, value) === null;
}
