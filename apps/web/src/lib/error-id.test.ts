import { ClientErrorReportSchema } from '@wattle/domain/client-errors/schemas';
import { describe, expect, it } from 'vitest';
import { createErrorId } from './error-id';

describe('createErrorId', () => {
  it('is built from the timestamp and a random string, in the form the server accepts', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const id = createErrorId(now);
    expect(id).toMatch(new RegExp(`^ERR-${now.getTime().toString(36).toUpperCase()}-[A-Z0-9]{6}$`));
    const report = { errorId: id, name: 'Error', message: 'm', url: '/' };
    expect(ClientErrorReportSchema.safeParse(report).success).toBe(true);
  });

  it('differs between two errors in the same millisecond', () => {
    const now = new Date();
    const ids = new Set(Array.from({ length: 50 }, () => createErrorId(now)));
    expect(ids.size).toBeGreaterThan(45);
  });
});
