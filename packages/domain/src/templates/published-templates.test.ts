import { describe, expect, it } from 'vitest';
import { keepsTemplatesAndRules } from './published-templates';
import { copyTemplateName, TemplateVersionInputSchema, templateVersionLabel } from './schemas';

describe('templates and rules', () => {
  it('is kept by system admins only, as the spec registers /templates-rules', () => {
    expect(keepsTemplatesAndRules('system-admin')).toBe(true);
    expect(keepsTemplatesAndRules('global-admin')).toBe(false);
    expect(keepsTemplatesAndRules(null)).toBe(false);
    expect(keepsTemplatesAndRules('SYSTEM-ADMIN')).toBe(false);
  });

  it('labels versions as the form footer shows them', () => {
    expect(templateVersionLabel(1)).toBe('1.0');
    expect(templateVersionLabel(12)).toBe('12.0');
  });

  it('names a copy "Copy of …" within the 120 characters a name may have', () => {
    expect(copyTemplateName('Debrief Log')).toBe('Copy of Debrief Log');
    const long = copyTemplateName('x'.repeat(120));
    expect(long).toHaveLength(120);
    expect(long.startsWith('Copy of ')).toBe(true);
  });

  it('needs the version an edit started from', () => {
    const template = {
      name: 'Checklist',
      category: 'assessment',
      fields: [{ id: 'notes', name: 'Notes', type: 'text', required: false, order: 0, ndisStandard: false }],
    };
    expect(TemplateVersionInputSchema.safeParse(template).success).toBe(false);
    expect(TemplateVersionInputSchema.safeParse({ ...template, fromVersion: 0 }).success).toBe(false);
    const parsed = TemplateVersionInputSchema.safeParse({ ...template, fromVersion: 2 });
    expect(parsed.success && parsed.data).toMatchObject({ fromVersion: 2, estimatedDuration: 7 });
  });
});
