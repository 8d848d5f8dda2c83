import type { StoredFile } from '@wattle/domain/files/file-list';

/** A size as people read it: '812 B', '4.2 KB', '12.5 MB'. */
export function formatFileSize(bytes: number): string {
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

const categoryLabels: Record<string, string> = {
  attachment: 'Attachment',
  'required-document': 'Required document',
};

/** A file's category as the list shows it ('required-document' → 'Required document'). */
export function categoryLabel(category: string): string {
  return categoryLabels[category] ?? category.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

const scanLabels: Record<StoredFile['virusScanStatus'], string> = {
  'not-scanned': 'Not scanned',
  pending: 'Scanning',
  clean: 'Clean',
  infected: 'Infected',
};

/** The virus scan status in words; without a scanner every file says 'Not scanned'. */
export function scanLabel(status: StoredFile['virusScanStatus']): string {
  return scanLabels[status] ?? status;
}

/**
 * Whether the server hands the file out: not while its virus scan is pending (423) nor once it is
 * quarantined (422), so the page offers no preview or download for those (virus-scan.ts).
 */
export function isDownloadable(file: Pick<StoredFile, 'virusScanStatus'>): boolean {
  return file.virusScanStatus === 'clean' || file.virusScanStatus === 'not-scanned';
}

/** Whether the page can show the file itself: PDFs in the browser's viewer, images as images. */
export function isPreviewable(file: Pick<StoredFile, 'contentType'>): boolean {
  return file.contentType === 'application/pdf' || file.contentType.startsWith('image/');
}
