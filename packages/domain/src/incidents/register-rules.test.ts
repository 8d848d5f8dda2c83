import { describe, expect, it } from 'vitest';
import { nextReportableState, type ReportableState } from './register-rules';
import { incidentMessages } from './schemas';

const now = new Date('2026-03-10T05:00:00Z');
const open: ReportableState = {
  reportable: false,
  reportableCategory: null,
  awareAt: null,
  awareBy: null,
  notifiedAt: null,
  fiveDayReportAt: null,
};
const reportable: ReportableState = {
  ...open,
  reportable: true,
  reportableCategory: 'serious-injury',
  awareAt: new Date('2026-03-10T01:00:00Z'),
  awareBy: 'u-lee',
};

describe('nextReportableState', () => {
  it('marking reportable without awareAt records now and the caller', () => {
    const { state, problems } = nextReportableState(
      open,
      { version: 1, reportable: true, reportableCategory: 'abuse-or-neglect' },
      'u-sophie',
      now,
    );
    expect(problems).toEqual([]);
    expect(state).toMatchObject({
      reportable: true,
      reportableCategory: 'abuse-or-neglect',
      awareAt: now,
      awareBy: 'u-sophie',
    });
  });

  it('keeps a given awareAt, with the caller as the one who recorded it', () => {
    const { state } = nextReportableState(
      open,
      { version: 1, reportable: true, reportableCategory: 'death', awareAt: '2026-03-09T22:00:00.000Z' },
      'u-lee',
      now,
    );
    expect(state.awareAt).toEqual(new Date('2026-03-09T22:00:00Z'));
    expect(state.awareBy).toBe('u-lee');
  });

  it('refuses reportable without a category', () => {
    const { problems } = nextReportableState(open, { version: 1, reportable: true }, 'u', now);
    expect(problems).toEqual([{ path: ['reportableCategory'], message: incidentMessages.categoryNeeded }]);
  });

  it('refuses an awareness in the future, allowing a minute of clock drift', () => {
    const late = { version: 1, reportable: true, reportableCategory: 'death' as const };
    expect(
      nextReportableState(open, { ...late, awareAt: '2026-03-10T05:00:50.000Z' }, 'u', now).problems,
    ).toEqual([]);
    expect(
      nextReportableState(open, { ...late, awareAt: '2026-03-10T06:00:00.000Z' }, 'u', now).problems,
    ).toEqual([{ path: ['awareAt'], message: incidentMessages.awareInFuture }]);
  });

  it('records a notification only on a reportable incident, not in the future nor before awareness', () => {
    expect(
      nextReportableState(open, { version: 1, notifiedAt: '2026-03-10T02:00:00.000Z' }, 'u', now).problems,
    ).toEqual([{ path: ['notifiedAt'], message: incidentMessages.notReportable }]);
    expect(
      nextReportableState(reportable, { version: 1, notifiedAt: '2026-03-11T02:00:00.000Z' }, 'u', now)
        .problems,
    ).toEqual([{ path: ['notifiedAt'], message: incidentMessages.recordedInFuture }]);
    expect(
      nextReportableState(reportable, { version: 1, fiveDayReportAt: '2026-03-09T02:00:00.000Z' }, 'u', now)
        .problems,
    ).toEqual([{ path: ['fiveDayReportAt'], message: incidentMessages.beforeAware }]);
    const { state, problems } = nextReportableState(
      reportable,
      { version: 1, notifiedAt: '2026-03-10T03:00:00.000Z' },
      'u',
      now,
    );
    expect(problems).toEqual([]);
    expect(state.notifiedAt).toEqual(new Date('2026-03-10T03:00:00Z'));
  });

  it('takes a notification in the same minute as the awareness (forms record minutes)', () => {
    const aware = { ...reportable, awareAt: new Date('2026-03-10T01:00:42Z') };
    expect(
      nextReportableState(aware, { version: 1, notifiedAt: '2026-03-10T01:00:00.000Z' }, 'u', now).problems,
    ).toEqual([]);
    expect(
      nextReportableState(aware, { version: 1, notifiedAt: '2026-03-10T00:59:00.000Z' }, 'u', now).problems,
    ).toEqual([{ path: ['notifiedAt'], message: incidentMessages.beforeAware }]);
  });

  it('un-marking keeps what was recorded', () => {
    const { state } = nextReportableState(
      { ...reportable, notifiedAt: new Date('2026-03-10T02:00:00Z') },
      { version: 1, reportable: false },
      'u',
      now,
    );
    expect(state).toMatchObject({
      reportable: false,
      reportableCategory: 'serious-injury',
      awareBy: 'u-lee',
    });
    expect(state.notifiedAt).toEqual(new Date('2026-03-10T02:00:00Z'));
  });
});
