import { describe, expect, it } from 'vitest';
import { findBuiltInTemplate } from './built-in-templates';
import { defaultCardType, defaultCategory, templateIdFromTitle } from './template-choice';

describe('templateIdFromTitle', () => {
  it.each([
    ['Incident at day program', 'incident-report'],
    ['INCIDENTS this week', 'incident-report'],
    ['Debrief after Tuesday', 'debrief-log'],
    ['Interim plan for Jordan', 'interim-bsp'],
    ['Jordan interim BSP', 'interim-bsp'],
    ['Behaviour Support Plan 2026', 'comprehensive-bsp'],
    ['behavior support plan review', 'comprehensive-bsp'],
    ["Mia's BSP", 'comprehensive-bsp'],
    ['Functional Behaviour Assessment for Mia', 'functional-behaviour-assessment'],
    ['functional behavior assessment', 'functional-behaviour-assessment'],
    ['FBA draft', 'functional-behaviour-assessment'],
    ['Consent for photos', 'provider-consent-form'],
    ['Staff training session', 'training-attendance-register'],
    ['Attendance March', 'training-attendance-register'],
    ['Risk of falls', 'risk-management-plan'],
  ])('%s → %s', (title, id) => {
    expect(templateIdFromTitle(title)).toBe(id);
  });

  it('matches whole words only', () => {
    expect(templateIdFromTitle('Crisp packets for the outing')).toBeNull();
    expect(templateIdFromTitle('Consented already')).toBeNull();
    expect(templateIdFromTitle('Risky business')).toBeNull();
    expect(templateIdFromTitle('Interim update')).toBeNull();
    expect(templateIdFromTitle('Book transport')).toBeNull();
    expect(templateIdFromTitle('')).toBeNull();
  });

  it('prefers incident over the other keywords, as the order says', () => {
    expect(templateIdFromTitle('Incident risk review')).toBe('incident-report');
    expect(templateIdFromTitle('Debrief of incident')).toBe('incident-report');
    expect(templateIdFromTitle('Interim BSP risk')).toBe('interim-bsp');
  });

  it('only names built-in templates', () => {
    for (const title of [
      'incident',
      'debrief',
      'interim plan',
      'bsp',
      'fba',
      'consent',
      'training',
      'risk',
    ]) {
      const id = templateIdFromTitle(title);
      expect(id && findBuiltInTemplate(id)?.id).toBe(id);
    }
  });
});

describe('defaultCardType and defaultCategory', () => {
  const t = (id: string) => {
    const template = findBuiltInTemplate(id);
    if (!template) throw new Error(id);
    return template;
  };

  it('gives incident templates the incident type', () => {
    expect(defaultCardType(t('incident-report'))).toBe('incident');
    expect(defaultCardType(t('debrief-log'))).toBe('incident');
    expect(defaultCategory(t('incident-report'))).toBe('incident');
  });

  it('gives behaviour support plans the bsp type', () => {
    expect(defaultCardType(t('comprehensive-bsp'))).toBe('bsp');
    expect(defaultCardType(t('interim-bsp'))).toBe('bsp');
    expect(defaultCategory(t('comprehensive-bsp'))).toBe('behavior');
    expect(defaultCardType({ id: 'custom-1', category: 'plan', name: 'Positive Behaviour Plan' })).toBe(
      'bsp',
    );
  });

  it('makes everything else a task', () => {
    expect(defaultCardType(null)).toBe('task');
    expect(defaultCardType(t('functional-behaviour-assessment'))).toBe('task');
    expect(defaultCardType(t('provider-consent-form'))).toBe('task');
    expect(defaultCardType(t('risk-management-plan'))).toBe('task');
    expect(defaultCardType(t('training-attendance-register'))).toBe('task');
    expect(defaultCategory(null)).toBeNull();
    expect(defaultCategory(t('functional-behaviour-assessment'))).toBe('assessment');
    expect(defaultCategory(t('provider-consent-form'))).toBe('plan');
    expect(defaultCategory(t('training-attendance-register'))).toBeNull();
  });
});
