import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fieldLabel, installPlainValidationMessages } from './plain-validation-messages';

beforeAll(() => installPlainValidationMessages());

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('plain validation messages', () => {
  it('name the field and the limit in a sentence', () => {
    const schema = z.object({
      title: z.string().max(120),
      name: z.string().min(1),
      notes: z.string().min(10),
      hours: z.number().max(24),
      tags: z.array(z.string()).max(2),
    });
    expect(
      messages(schema, {
        title: 'x'.repeat(121),
        name: '',
        notes: 'short',
        hours: 25,
        tags: ['a', 'b', 'c'],
      }),
    ).toEqual([
      'Title must be 120 characters or fewer.',
      'Name is required.',
      'Notes must be at least 10 characters.',
      'Hours must be at most 24.',
      'Tags can hold at most 2 items.',
    ]);
  });

  it('say what is missing, what form is expected and which choices there are', () => {
    const schema = z
      .object({
        dueDate: z.iso.date(),
        email: z.email(),
        priority: z.enum(['low', 'high']),
        teamId: z.uuid(),
        code: z.string().regex(/^\d+$/),
        startTime: z.string(),
      })
      .strict();
    expect(
      messages(schema, {
        dueDate: '2026-13',
        email: 'nope',
        priority: 'urgent',
        teamId: 'x',
        code: 'abc',
        extra: 1,
      }),
    ).toEqual([
      'Due date must be a date (yyyy-mm-dd).',
      'Email must be an e-mail address.',
      'Priority must be one of: low, high.',
      'Team ID must be a valid id.',
      'Code is not in the expected form.',
      'Start time is required.',
      'This field is not accepted here: extra.',
    ]);
  });

  it("keeps a schema's own message", () => {
    expect(messages(z.string().max(3, 'Keep it short'), 'long')).toEqual(['Keep it short']);
  });

  it('labels the nearest named part of a path', () => {
    expect(fieldLabel(['lines', 2, 'unitPriceCents'])).toBe('Unit price cents');
    expect(fieldLabel(['ndis_number'])).toBe('NDIS number');
    expect(fieldLabel(['abn'])).toBe('ABN');
    expect(fieldLabel([])).toBe('This value');
  });

  it("are zod's messages when installed before zod has loaded (the web app installs them without zod)", async () => {
    const scope = globalThis as { __zod_globalConfig?: object };
    const installed = scope.__zod_globalConfig;
    delete scope.__zod_globalConfig;
    try {
      vi.resetModules();
      installPlainValidationMessages();
      const fresh = await import('zod');
      const result = fresh.z.object({ title: fresh.z.string().max(3) }).safeParse({ title: 'abcd' });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Title must be 3 characters or fewer.',
      ]);
    } finally {
      scope.__zod_globalConfig = installed;
    }
  });
});
