import { describe, expect, it } from 'vitest';
import { isChangeEvent } from './rules';
import { ChangeEventSchema } from './schemas';

const event = { type: 'updated', entity: 'notification', id: '*', version: null };

describe('isChangeEvent', () => {
  it('accepts each kind of change, with or without a version', () => {
    for (const type of ['created', 'updated', 'deleted'])
      expect(isChangeEvent({ ...event, type })).toBe(true);
    expect(isChangeEvent({ ...event, version: 7 })).toBe(true);
    expect(isChangeEvent({ ...event, version: 0 })).toBe(true);
  });

  it('refuses anything else', () => {
    const refused: unknown[] = [
      null,
      undefined,
      'updated',
      42,
      [],
      {},
      { ...event, type: 'renamed' },
      { ...event, type: undefined },
      { ...event, entity: 3 },
      { ...event, id: null },
      { ...event, version: undefined },
      { type: 'updated', entity: 'notification', id: '*' },
      { ...event, version: 1.5 },
      { ...event, version: '3' },
      { ...event, version: Number.NaN },
      { ...event, version: Number.POSITIVE_INFINITY },
      { ...event, version: 2 ** 53 },
    ];
    for (const value of refused)
      expect(isChangeEvent(value), JSON.stringify(value) ?? String(value)).toBe(false);
  });

  it('agrees with the server’s ChangeEventSchema', () => {
    const values: unknown[] = [
      event,
      { ...event, version: 12 },
      { ...event, version: -1 },
      { ...event, version: 1.5 },
      { ...event, version: 2 ** 53 },
      { ...event, type: 'moved' },
      { ...event, extra: true },
      { ...event, id: 5 },
      null,
      [],
    ];
    for (const value of values) {
      expect(isChangeEvent(value), JSON.stringify(value)).toBe(ChangeEventSchema.safeParse(value).success);
    }
  });
});
