import { CreateTemplateSchema } from '@wattle/domain/templates/schemas';
import { describe, expect, it } from 'vitest';
import {
  deriveFieldId,
  duplicateFieldIds,
  emptyFieldDraft,
  emptyTemplateDraft,
  type FieldDraft,
  formPathOf,
  nestDraftIssues,
  parseOptions,
  type TemplateDraft,
  templateToDraft,
  toCreateTemplateInput,
  validateTemplateDraft,
} from './template-draft';

function field(overrides: Partial<FieldDraft>): FieldDraft {
  return { ...emptyFieldDraft(), ...overrides };
}

function draft(overrides: Partial<TemplateDraft>): TemplateDraft {
  return { ...emptyTemplateDraft(), name: 'Home visit check', ...overrides };
}

function issuesOf(value: TemplateDraft): Record<string, string> {
  const result = validateTemplateDraft(value);
  if (result.success) return {};
  return Object.fromEntries(result.issues.map((issue) => [issue.path, issue.message]));
}

describe('deriveFieldId', () => {
  it('is the kebab-case slug of the name', () => {
    expect(deriveFieldId('Participant NDIS number', [])).toBe('participant-ndis-number');
    expect(deriveFieldId('  Risk & Safety!  ', [])).toBe('risk-safety');
  });

  it('numbers a slug another field already has', () => {
    expect(deriveFieldId('Notes', ['notes'])).toBe('notes-2');
    expect(deriveFieldId('Notes', ['notes', 'notes-2'])).toBe('notes-3');
  });

  it('is empty for a name without letters or digits', () => {
    expect(deriveFieldId('—?!', [])).toBe('');
  });

  it('stays within the schema’s 80 characters', () => {
    const id = deriveFieldId('word '.repeat(40), []);
    expect(id.length).toBeLessThanOrEqual(80);
    expect(id.endsWith('-')).toBe(false);
  });
});

describe('parseOptions', () => {
  it('takes one option a line, trimmed, without blank lines', () => {
    expect(parseOptions(' Face-to-face \r\n\nPhone\n  \nVideo call')).toEqual([
      'Face-to-face',
      'Phone',
      'Video call',
    ]);
  });
});

describe('toCreateTemplateInput', () => {
  it('builds the schema’s body: numbers, options, bounds by type, order by position', () => {
    const input = toCreateTemplateInput(
      draft({
        description: '  For each home visit ',
        category: 'risk',
        ndisRequired: true,
        estimatedDuration: '3',
        reviewCycle: '180',
        witnessRequired: true,
        fields: [
          field({
            name: 'Visit notes',
            id: 'visit-notes',
            type: 'textarea',
            required: true,
            maxLength: '500',
          }),
          field({
            name: 'Method',
            id: 'method',
            type: 'select',
            optionsText: 'Phone\nIn person\n',
            minLength: '4',
          }),
          field({
            name: 'Code',
            id: 'code',
            type: 'text',
            pattern: ' ^\\d{4}$ ',
            minLength: '4',
            maxLength: '4',
          }),
          field({ name: 'Signed', id: 'signed', type: 'signature', helpText: ' Sign here ', pattern: 'x' }),
          field({
            name: 'Witness',
            id: 'witness',
            type: 'signature',
            signer: 'witness',
            clinicianOnly: false,
          }),
          field({ name: 'Clinician', id: 'clinician', type: 'signature', clinicianOnly: true }),
          // Who signs belongs to signature fields only.
          field({ name: 'Note', id: 'note', type: 'text', signer: 'guardian', clinicianOnly: true }),
        ],
      }),
    );
    expect(input).toEqual({
      name: 'Home visit check',
      description: 'For each home visit',
      category: 'risk',
      ndisRequired: true,
      estimatedDuration: 3,
      reviewCycle: 180,
      signatureRequired: false,
      witnessRequired: true,
      fields: [
        {
          id: 'visit-notes',
          name: 'Visit notes',
          type: 'textarea',
          required: true,
          order: 0,
          ndisStandard: false,
          validation: { maxLength: 500 },
        },
        // A select keeps its options; a length typed before the type changed is left out.
        {
          id: 'method',
          name: 'Method',
          type: 'select',
          required: false,
          order: 1,
          ndisStandard: false,
          options: ['Phone', 'In person'],
        },
        {
          id: 'code',
          name: 'Code',
          type: 'text',
          required: false,
          order: 2,
          ndisStandard: false,
          validation: { minLength: 4, maxLength: 4, pattern: '^\\d{4}$' },
        },
        {
          id: 'signed',
          name: 'Signed',
          type: 'signature',
          required: false,
          order: 3,
          ndisStandard: false,
          helpText: 'Sign here',
          // Who signs is stated on every signature field (decision 0021): their own by default.
          signature: { signer: 'self' },
        },
        {
          id: 'witness',
          name: 'Witness',
          type: 'signature',
          required: false,
          order: 4,
          ndisStandard: false,
          signature: { signer: 'witness' },
        },
        {
          id: 'clinician',
          name: 'Clinician',
          type: 'signature',
          required: false,
          order: 5,
          ndisStandard: false,
          signature: { signer: 'self', requiredRole: 'clinician' },
        },
        { id: 'note', name: 'Note', type: 'text', required: false, order: 6, ndisStandard: false },
      ],
    });
    expect(CreateTemplateSchema.safeParse(input).success).toBe(true);
  });
});

describe('validateTemplateDraft', () => {
  const valid = draft({ fields: [field({ name: 'Visit notes', id: 'visit-notes' })] });

  it('passes a complete template and returns the parsed body', () => {
    const result = validateTemplateDraft(valid);
    expect(result).toMatchObject({
      success: true,
      input: { name: 'Home visit check', fields: [{ id: 'visit-notes' }] },
    });
  });

  it('names the template and field inputs with the schema’s messages', () => {
    const issues = issuesOf(
      draft({
        name: '   ',
        fields: [field({ name: '', id: 'Bad Id' })],
      }),
    );
    expect(issues.name).toBe('Template name is required');
    expect(issues['fields.0.id']).toBe('Use lower-case letters, digits and hyphens');
    expect(issues['fields.0.name']).toBe('Required');
  });

  it('refuses a pattern that could backtrack for ever, on the pattern input', () => {
    const issues = issuesOf(draft({ fields: [field({ name: 'Code', id: 'code', pattern: '(a+)+' })] }));
    expect(issues['fields.0.pattern']).toBe(
      'Use a simple pattern: it must compile and must not repeat a repeated group',
    );
    const broken = issuesOf(draft({ fields: [field({ name: 'Code', id: 'code', pattern: '([a-z' })] }));
    expect(broken['fields.0.pattern']).toMatch(/must compile/);
  });

  it('says when field ids repeat, on the list and on each repeated row', () => {
    const issues = issuesOf(
      draft({
        fields: [
          field({ name: 'Notes', id: 'notes' }),
          field({ name: 'Other', id: 'other' }),
          field({ name: 'Notes again', id: 'notes' }),
        ],
      }),
    );
    expect(issues['fields.root']).toBe('Field ids must be unique');
    expect(issues['fields.0.id']).toBe('Another field has this id');
    expect(issues['fields.2.id']).toBe('Another field has this id');
    expect(issues['fields.1.id']).toBeUndefined();
  });

  it('needs at least one field', () => {
    expect(issuesOf(draft({ fields: [] }))['fields.root']).toBe('A template needs at least one field');
  });

  it('needs options for a select and different ones', () => {
    expect(
      issuesOf(draft({ fields: [field({ name: 'Method', id: 'method', type: 'multi-select' })] })),
    ).toEqual({
      'fields.0.optionsText': 'Add at least one option, one per line',
    });
    expect(
      issuesOf(
        draft({ fields: [field({ name: 'Method', id: 'method', type: 'select', optionsText: 'A\nB\nA' })] }),
      ),
    ).toEqual({ 'fields.0.optionsText': 'Each option must be different' });
  });

  it('checks lengths: whole numbers, a minimum not above the maximum, a maximum of at least 1', () => {
    expect(
      issuesOf(draft({ fields: [field({ name: 'A', id: 'a', minLength: '10', maxLength: '5' })] })),
    ).toEqual({
      'fields.0.minLength': 'The minimum length cannot be more than the maximum',
    });
    expect(issuesOf(draft({ fields: [field({ name: 'A', id: 'a', maxLength: '0' })] }))).toEqual({
      'fields.0.maxLength': 'Must be at least 1',
    });
    expect(issuesOf(draft({ fields: [field({ name: 'A', id: 'a', minLength: '2.5' })] }))).toEqual({
      'fields.0.minLength': 'Enter a whole number',
    });
  });

  it('checks the days: whole numbers within the schema’s range', () => {
    expect(issuesOf({ ...valid, estimatedDuration: '' })).toEqual({
      estimatedDuration: 'Estimated duration must be a whole number of days',
    });
    expect(issuesOf({ ...valid, estimatedDuration: '0', reviewCycle: '4000' })).toEqual({
      estimatedDuration: 'Must be at least 1',
      reviewCycle: 'Must be at most 3650',
    });
    expect(issuesOf({ ...valid, reviewCycle: '-5' })).toEqual({
      reviewCycle: 'Review cycle must be a whole number of days',
    });
  });

  it('keeps one message per input', () => {
    const result = validateTemplateDraft({ ...valid, estimatedDuration: 'soon' });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues.filter((i) => i.path === 'estimatedDuration')).toHaveLength(1);
  });
});

describe('formPathOf', () => {
  it('maps the schema’s (and the server’s 400) paths to the form’s inputs', () => {
    expect(formPathOf(['name'])).toBe('name');
    expect(formPathOf(['reviewCycle'])).toBe('reviewCycle');
    expect(formPathOf(['fields'])).toBe('fields.root');
    expect(formPathOf(['fields', 2, 'id'])).toBe('fields.2.id');
    expect(formPathOf(['fields', 1, 'options'])).toBe('fields.1.optionsText');
    expect(formPathOf(['fields', 1, 'options', 3])).toBe('fields.1.optionsText');
    expect(formPathOf(['fields', 0, 'validation', 'pattern'])).toBe('fields.0.pattern');
    expect(formPathOf(['fields', 0, 'validation', 'maxLength'])).toBe('fields.0.maxLength');
    expect(formPathOf(['fields', 0, 'order'])).toBe('fields.0.name');
    expect(formPathOf(['somethingElse'])).toBe('root');
    expect(formPathOf([])).toBe('root');
  });
});

describe('duplicateFieldIds', () => {
  it('ignores blank ids and compares trimmed', () => {
    expect(duplicateFieldIds([{ id: '' }, { id: '' }, { id: 'a' }, { id: ' a ' }])).toEqual(new Set(['a']));
  });
});

describe('nestDraftIssues', () => {
  it('nests issues as react-hook-form keeps errors, the list’s own under fields.root', () => {
    const nested = nestDraftIssues([
      { path: 'name', message: 'Template name is required' },
      { path: 'fields.root', message: 'Field ids must be unique' },
      { path: 'fields.2.id', message: 'Another field has this id' },
      { path: 'fields.2.pattern', message: 'Bad pattern' },
    ]);
    expect(nested.name).toEqual({ type: 'validate', message: 'Template name is required' });
    const fields = nested.fields as unknown as Record<string, unknown> & unknown[];
    expect(Array.isArray(fields)).toBe(true);
    expect(fields.root).toEqual({ type: 'validate', message: 'Field ids must be unique' });
    expect(fields[2]).toEqual({
      id: { type: 'validate', message: 'Another field has this id' },
      pattern: { type: 'validate', message: 'Bad pattern' },
    });
    expect(fields[0]).toBeUndefined();
  });
});

describe('templateToDraft', () => {
  it('gives back the template it was made from, so an edit starts where the last version ended', () => {
    const input = {
      name: 'Home Visit Check',
      description: 'A short check.',
      category: 'risk' as const,
      ndisRequired: true,
      estimatedDuration: 3,
      reviewCycle: 180,
      signatureRequired: true,
      witnessRequired: false,
      fields: [
        {
          id: 'visit-notes',
          name: 'Visit notes',
          type: 'text' as const,
          required: true,
          order: 0,
          ndisStandard: false,
          helpText: 'What you saw.',
          validation: { minLength: 2, maxLength: 100, pattern: '^[A-Z]' },
        },
        {
          id: 'visit-method',
          name: 'Visit method',
          type: 'select' as const,
          required: false,
          order: 1,
          ndisStandard: false,
          options: ['In person', 'Phone'],
        },
        {
          id: 'lead-signature',
          name: 'Lead signature',
          type: 'signature' as const,
          required: true,
          order: 2,
          ndisStandard: false,
          signature: { signer: 'self' as const, requiredRole: 'clinician' as const },
        },
      ],
    };
    const template = {
      ...input,
      id: 'home-visit-check-abc123',
      tenantId: null,
      ndisLineItems: [],
      version: '2.0',
      versionNumber: 2,
      requiredDocuments: [],
      requiredRoles: [],
      complianceRules: {
        mandatoryValidation: true,
        signatureRequired: true,
        witnessRequired: false,
        reviewCycle: 180,
      },
      pdfTemplate: { layout: 'portrait' as const, sections: [], headerFooter: true },
      aiCompatible: { autoFillFields: [], suggestionsEnabled: false, validationPrompts: false },
      isActive: true,
      isBuiltIn: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const draft = templateToDraft(template);
    expect(draft.fields.every((field) => field.idEdited)).toBe(true);
    expect(toCreateTemplateInput(draft)).toEqual(input);
  });
});
