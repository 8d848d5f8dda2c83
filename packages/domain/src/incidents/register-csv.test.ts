import { describe, expect, it } from 'vitest';
import { formatRegisterInstant, incidentCsvColumns, incidentCsvRow } from './register-csv';
import type { IncidentSummary } from './schemas';

const incident: IncidentSummary = {
  id: '019a0000-0000-7000-8000-000000000001',
  cardId: '019a0000-0000-7000-8000-000000000002',
  workItemId: 'SUN-00042',
  title: 'Fall in the kitchen',
  participant: { id: '019a0000-0000-7000-8000-000000000003', name: 'Jordan Lee' },
  team: { id: '019a0000-0000-7000-8000-000000000004', name: 'Jordan Lee Support', slug: 'jordan-lee-x1' },
  category: 'injury',
  severity: 'high',
  occurredAt: '2026-03-09T23:15:00.000Z',
  reportable: true,
  reportableCategory: 'serious-injury',
  awareAt: '2026-03-09T23:30:00.000Z',
  awareBy: { id: '019a0000-0000-7000-8000-000000000005', name: 'Sophie Support' },
  notifiedAt: '2026-03-10T02:00:00.000Z',
  notificationReference: 'NDIS-123',
  fiveDayReportAt: null,
  fiveDayReportReference: null,
  status: 'open',
  closedAt: null,
  debriefCardId: null,
  restrictivePracticeUseId: null,
  deadlines: [
    {
      kind: 'incident-notification',
      dueAt: '2026-03-10T23:30:00.000Z',
      metAt: '2026-03-10T02:00:00.000Z',
      status: 'met',
    },
    { kind: 'incident-five-day-report', dueAt: '2026-03-17T12:59:59.999Z', metAt: null, status: 'overdue' },
  ],
  openActionCount: 2,
  version: 3,
  createdAt: '2026-03-09T23:20:00.000Z',
  updatedAt: '2026-03-10T02:00:00.000Z',
};

describe('incident register CSV', () => {
  it('writes one cell per column, dates in the tenant zone as dd/mm/yyyy hh:mm', () => {
    const row = incidentCsvRow(incident, 'Australia/Sydney');
    expect(row).toHaveLength(incidentCsvColumns.length);
    expect(Object.fromEntries(incidentCsvColumns.map((c, i) => [c, row[i]]))).toEqual({
      'Work item': 'SUN-00042',
      Title: 'Fall in the kitchen',
      Participant: 'Jordan Lee',
      Team: 'Jordan Lee Support',
      Occurred: '10/03/2026 10:15',
      Category: 'Injury or illness',
      Severity: 'High',
      Reportable: 'Yes',
      'Reportable category': 'Serious injury',
      'Aware at': '10/03/2026 10:30',
      'Aware by': 'Sophie Support',
      'Notification due': '11/03/2026 10:30',
      'Notification status': 'Met',
      'Notified at': '10/03/2026 13:00',
      'Notification reference': 'NDIS-123',
      '5-day report due': '17/03/2026 23:59',
      '5-day report status': 'Overdue',
      '5-day report at': '',
      '5-day report reference': '',
      Status: 'Open',
      'Open actions': '2',
    });
  });

  it('leaves the Commission cells empty for an incident that is not reportable', () => {
    const row = incidentCsvRow(
      { ...incident, reportable: false, deadlines: [], notifiedAt: null, notificationReference: null },
      'Australia/Perth',
    );
    expect(row.slice(7, 9)).toEqual(['No', '']);
    expect(row.slice(11, 19)).toEqual(['', '', '', '', '', '', '', '']);
    expect(row[4]).toBe('10/03/2026 07:15');
  });

  it('formats none as empty', () => {
    expect(formatRegisterInstant(null, 'Australia/Sydney')).toBe('');
  });
});
