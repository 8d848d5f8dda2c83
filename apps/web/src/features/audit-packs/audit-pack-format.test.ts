import { describe, expect, it } from 'vitest';
import { formatBytes, formatPeriod, scopeText, statusText } from './audit-pack-format';

describe('audit pack format', () => {
  it('writes periods as dd/mm/yyyy', () => {
    expect(formatPeriod({ periodFrom: '2026-07-01', periodTo: '2026-09-30' })).toBe(
      '01/07/2026 – 30/09/2026',
    );
    expect(formatPeriod({ periodFrom: '2026-07-01', periodTo: '2026-07-01' })).toBe('01/07/2026');
  });

  it('writes sizes as people read them', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(4300)).toBe('4.2 KB');
    expect(formatBytes(13_100_000)).toBe('12.5 MB');
    expect(formatBytes(350 * 1024 * 1024)).toBe('350 MB');
  });

  it('says what a pack is for and where it stands', () => {
    expect(scopeText({ scope: 'team', scopeName: "Jordan's Care Team" })).toBe("Team: Jordan's Care Team");
    expect(scopeText({ scope: 'organisation', scopeName: 'Sunrise' })).toBe('Whole organisation: Sunrise');
    expect(statusText({ status: 'building', progress: 45, fileCount: 0, byteSize: null })).toBe(
      'Building 45%',
    );
    expect(statusText({ status: 'ready', progress: 100, fileCount: 12, byteSize: 1_468_006 })).toBe(
      'Ready: 12 files, 1.4 MB',
    );
    expect(statusText({ status: 'queued', progress: 0, fileCount: 0, byteSize: null })).toBe('Queued');
  });
});
