import type { AuditPack } from '@wattle/domain/audit-packs/schemas';
import { auditPackScopeLabels, auditPackStatusLabels } from '@wattle/domain/audit-packs/schemas';

/** yyyy-mm-dd as dd/mm/yyyy, the way Australian users write dates. */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** A pack's period: '01/07/2026 – 30/09/2026', or the one day. */
export function formatPeriod(pack: Pick<AuditPack, 'periodFrom' | 'periodTo'>): string {
  return pack.periodFrom === pack.periodTo
    ? formatDate(pack.periodFrom)
    : `${formatDate(pack.periodFrom)} – ${formatDate(pack.periodTo)}`;
}

/** A size in bytes as people read it: 812 B, 4.2 KB, 12.5 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** What the pack is for: 'Team: Jordan's Care Team', or the organisation's name. */
export function scopeText(pack: Pick<AuditPack, 'scope' | 'scopeName'>): string {
  return `${auditPackScopeLabels[pack.scope]}: ${pack.scopeName}`;
}

/** The status as words: 'Queued', 'Building 45%', 'Ready: 12 files, 1.4 MB', 'Failed'. */
export function statusText(pack: Pick<AuditPack, 'status' | 'progress' | 'fileCount' | 'byteSize'>): string {
  if (pack.status === 'building') return `${auditPackStatusLabels.building} ${pack.progress}%`;
  if (pack.status === 'ready')
    return `${auditPackStatusLabels.ready}: ${pack.fileCount} files${pack.byteSize === null ? '' : `, ${formatBytes(pack.byteSize)}`}`;
  return auditPackStatusLabels[pack.status];
}
