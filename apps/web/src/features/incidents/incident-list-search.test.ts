import { describe, expect, it } from 'vitest';
import { incidentListRequestOf, validateIncidentListSearch } from './incident-list-search';

describe('validateIncidentListSearch', () => {
  it('keeps known filters, sort, page and the open incident', () => {
    expect(
      validateIncidentListSearch({
        status: 'open',
        reportable: 'true',
        category: 'injury',
        severity: 'critical',
        team: '019a0000-0000-7000-8000-000000000001',
        participant: '019a0000-0000-7000-8000-000000000003',
        from: '2026-01-01',
        to: '2026-03-31',
        overdue: 'true',
        sort: 'severity',
        order: 'asc',
        page: '3',
        incident: '019a0000-0000-7000-8000-000000000002',
      }),
    ).toEqual({
      status: 'open',
      reportable: true,
      category: 'injury',
      severity: 'critical',
      team: '019a0000-0000-7000-8000-000000000001',
      participant: '019a0000-0000-7000-8000-000000000003',
      from: '2026-01-01',
      to: '2026-03-31',
      overdue: true,
      sort: 'severity',
      order: 'asc',
      page: 3,
      incident: '019a0000-0000-7000-8000-000000000002',
    });
  });

  it('drops what it does not know', () => {
    expect(
      validateIncidentListSearch({
        status: 'lost',
        reportable: 'maybe',
        category: 'weather',
        team: 'jordan',
        participant: 'mia',
        from: 'yesterday',
        sort: 'colour',
        page: '-1',
        incident: 'x',
      }),
    ).toEqual({});
    expect(validateIncidentListSearch({ reportable: 'false' })).toEqual({ reportable: false });
  });
});

describe('incidentListRequestOf', () => {
  it('asks for the newest first, a page at a time', () => {
    expect(incidentListRequestOf({})).toMatchObject({
      sort: 'occurredAt',
      order: 'desc',
      limit: 25,
      offset: 0,
    });
    expect(incidentListRequestOf({ page: 2, team: 't' })).toMatchObject({ offset: 25, teamId: 't' });
    expect(incidentListRequestOf({ participant: 'p' })).toMatchObject({ participantId: 'p' });
  });
});
