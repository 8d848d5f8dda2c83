import type { CardCategory, CardType } from '../cards/schemas';
import type { FormTemplate } from './schemas';

/**
 * Title keywords → built-in template, checked in order (the first match wins). Words are matched
 * whole and case-insensitively, so "crisp" is not "risk" and "consented" is not "consent".
 */
const titleRules: readonly [pattern: RegExp, templateId: string][] = [
  [/\bincidents?\b/i, 'incident-report'],
  [/\bdebrief(s|ing)?\b/i, 'debrief-log'],
  [/\binterim\b.*\b(plans?|bsps?)\b|\b(plans?|bsps?)\b.*\binterim\b/i, 'interim-bsp'],
  [/\bbehaviou?r\s+support\s+plans?\b|\bbsps?\b/i, 'comprehensive-bsp'],
  [/\bfunctional\s+behaviou?r(al)?\s+assessments?\b|\bfbas?\b/i, 'functional-behaviour-assessment'],
  [/\bconsent\b/i, 'provider-consent-form'],
  [/\b(training|attendance)\b/i, 'training-attendance-register'],
  [/\brisks?\b/i, 'risk-management-plan'],
];

/**
 * A card's template comes from its templateId or, failing that, from keywords in its title
 * (spec work section 3). Returns a built-in template id or null.
 */
export function templateIdFromTitle(title: string): string | null {
  for (const [pattern, templateId] of titleRules) {
    if (pattern.test(title)) return templateId;
  }
  return null;
}

type TemplateKind = Pick<FormTemplate, 'id' | 'category' | 'name'>;

/** The card type a card made from this template gets unless the caller names one. */
export function defaultCardType(template: TemplateKind | null): CardType {
  if (!template) return 'task';
  if (template.category === 'incident') return 'incident';
  if (template.id.endsWith('-bsp')) return 'bsp';
  if (template.category === 'plan' && /\bbehaviou?r\b/i.test(template.name)) return 'bsp';
  return 'task';
}

/** The card category a card made from this template gets unless the caller names one. */
export function defaultCategory(template: TemplateKind | null): CardCategory | null {
  if (!template) return null;
  if (defaultCardType(template) === 'bsp') return 'behavior';
  switch (template.category) {
    case 'incident':
      return 'incident';
    case 'assessment':
      return 'assessment';
    case 'plan':
      return 'plan';
    case 'risk':
      return 'plan';
    case 'training':
      return null;
  }
}
