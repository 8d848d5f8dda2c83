import { describe, expect, it } from 'vitest';
import { type VersionDates, versionsInPeriod } from './versions-in-period';

const at = (day: string) => new Date(`${day}T00:00:00Z`);
const quarter = { start: at('2026-07-01'), end: at('2026-10-01') };

function version(number: number, status: VersionDates['status'], created: string, approved?: string) {
  return { number, status, createdAt: at(created), approvedAt: approved ? at(approved) : null };
}

const picked = (versions: VersionDates[], period = quarter) =>
  versionsInPeriod(versions, period).map((p) => [p.version.number, p.basis]);

describe('versionsInPeriod', () => {
  it('takes the approved version in force through the period, not a newer draft', () => {
    expect(
      picked([version(1, 'approved', '2026-03-01', '2026-03-10'), version(2, 'draft', '2026-08-01')]),
    ).toEqual([[1, 'in-force']]);
  });

  it('takes each version in force during the period when one superseded another in it', () => {
    expect(
      picked([
        version(1, 'superseded', '2026-01-01', '2026-01-10'),
        version(2, 'superseded', '2026-05-01', '2026-05-10'),
        version(3, 'approved', '2026-08-01', '2026-08-15'),
        version(4, 'in-review', '2026-09-01'),
      ]),
    ).toEqual([
      [2, 'in-force'],
      [3, 'in-force'],
    ]);
  });

  it('leaves out a version approved after the period, and one superseded before it', () => {
    expect(
      picked([
        version(1, 'superseded', '2026-01-01', '2026-01-10'),
        version(2, 'superseded', '2026-02-01', '2026-06-30'),
        version(3, 'approved', '2026-09-01', '2026-10-01'),
      ]),
    ).toEqual([[2, 'in-force']]);
  });

  it('counts a version approved on the period’s last moment, not one approved as it ends', () => {
    expect(picked([version(1, 'approved', '2026-09-01', '2026-09-30')])).toEqual([[1, 'in-force']]);
    expect(picked([version(1, 'approved', '2026-09-01', '2026-10-01')])).toEqual([
      [1, 'latest-not-approved'],
    ]);
  });

  it('falls back to the latest version written by the period’s end when none was approved', () => {
    expect(
      picked([
        version(1, 'rejected', '2026-07-02'),
        version(2, 'in-review', '2026-08-02'),
        version(3, 'draft', '2026-10-05'),
      ]),
    ).toEqual([[2, 'latest-not-approved']]);
  });

  it('falls back to the latest version of all when every version came after the period', () => {
    expect(picked([version(1, 'draft', '2026-11-01'), version(2, 'draft', '2026-12-01')])).toEqual([
      [2, 'latest-not-approved'],
    ]);
    expect(picked([])).toEqual([]);
  });
});
