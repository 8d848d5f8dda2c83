import { describe, expect, it } from 'vitest';
import { auditPackFileName, auditPackMessages, CreateAuditPackSchema } from './schemas';

const team = '0190a0c4-1111-7000-8000-000000000001';

function messages(body: unknown): string[] {
  const result = CreateAuditPackSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('CreateAuditPackSchema', () => {
  it('takes a team and a quarter', () => {
    expect(
      messages({ scope: 'team', scopeId: team, periodFrom: '2026-07-01', periodTo: '2026-09-30' }),
    ).toEqual([]);
    expect(messages({ scope: 'organisation', periodFrom: '2026-07-01', periodTo: '2026-07-01' })).toEqual([]);
  });

  it('asks for the team or participant, and refuses one for the whole organisation', () => {
    expect(messages({ scope: 'participant', periodFrom: '2026-07-01', periodTo: '2026-09-30' })).toEqual([
      auditPackMessages.scopeIdRequired,
    ]);
    expect(
      messages({ scope: 'organisation', scopeId: team, periodFrom: '2026-07-01', periodTo: '2026-09-30' }),
    ).toEqual([auditPackMessages.scopeIdNotAllowed]);
  });

  it('refuses a period that ends before it starts or runs past three years', () => {
    expect(messages({ scope: 'organisation', periodFrom: '2026-07-02', periodTo: '2026-07-01' })).toEqual([
      auditPackMessages.periodOrder,
    ]);
    expect(messages({ scope: 'organisation', periodFrom: '2020-01-01', periodTo: '2026-01-01' })).toEqual([
      auditPackMessages.periodTooLong,
    ]);
    expect(messages({ scope: 'organisation', periodFrom: '2026-13-01', periodTo: '2026-12-01' })).toContain(
      'Enter a date as yyyy-mm-dd',
    );
  });
});

describe('auditPackFileName', () => {
  it('makes a safe name from the scope and period', () => {
    expect(
      auditPackFileName({
        scopeName: "Jordan's Care Team",
        periodFrom: '2026-07-01',
        periodTo: '2026-09-30',
      }),
    ).toBe('audit-pack-jordan-s-care-team-2026-07-01-to-2026-09-30.zip');
    expect(auditPackFileName({ scopeName: '***', periodFrom: '2026-07-01', periodTo: '2026-09-30' })).toBe(
      'audit-pack-organisation-2026-07-01-to-2026-09-30.zip',
    );
  });
});
