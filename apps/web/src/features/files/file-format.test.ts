import { describe, expect, it } from 'vitest';
import { categoryLabel, formatFileSize, isDownloadable, isPreviewable, scanLabel } from './file-format';

describe('file storage formatting', () => {
  it('writes sizes as people read them', () => {
    expect(formatFileSize(812)).toBe('812 B');
    expect(formatFileSize(4300)).toBe('4.2 KB');
    expect(formatFileSize(10_485_760)).toBe('10.0 MB');
    expect(formatFileSize(350 * 1024 * 1024)).toBe('350 MB');
  });

  it('names categories and scan states in words', () => {
    expect(categoryLabel('attachment')).toBe('Attachment');
    expect(categoryLabel('required-document')).toBe('Required document');
    expect(categoryLabel('care-plan')).toBe('Care plan');
    expect(scanLabel('not-scanned')).toBe('Not scanned');
    expect(scanLabel('infected')).toBe('Infected');
  });

  it('offers downloads only of files the scan lets out', () => {
    expect(isDownloadable({ virusScanStatus: 'clean' })).toBe(true);
    expect(isDownloadable({ virusScanStatus: 'not-scanned' })).toBe(true);
    expect(isDownloadable({ virusScanStatus: 'pending' })).toBe(false);
    expect(isDownloadable({ virusScanStatus: 'infected' })).toBe(false);
  });

  it('previews PDFs and images only', () => {
    expect(isPreviewable({ contentType: 'application/pdf' })).toBe(true);
    expect(isPreviewable({ contentType: 'image/png' })).toBe(true);
    expect(
      isPreviewable({
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    ).toBe(false);
  });
});
