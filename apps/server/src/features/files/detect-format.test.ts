import { describe, expect, it } from 'vitest';
import { detectDocumentFormat } from './detect-format';
import { attachmentDisposition, displayFileName } from './file-name';
import { compoundFileBytes, docBytes, docxBytes, exeBytes, pdfBytes, zipBytes } from './test-documents';

describe('detectDocumentFormat', () => {
  it('recognises PDF, DOCX and DOC by their content', async () => {
    expect(await detectDocumentFormat(pdfBytes())).toBe('pdf');
    expect(await detectDocumentFormat(docxBytes())).toBe('docx');
    expect(await detectDocumentFormat(docBytes())).toBe('doc');
  });

  it('refuses executables, other archives, other compound files and text', async () => {
    expect(await detectDocumentFormat(exeBytes())).toBeNull();
    expect(await detectDocumentFormat(zipBytes({ 'readme.txt': 'hello' }))).toBeNull();
    // An Excel 97 workbook or an .msi installer is a compound file too, without a WordDocument stream.
    expect(await detectDocumentFormat(compoundFileBytes(['Workbook']))).toBeNull();
    expect(await detectDocumentFormat(Buffer.from('just some text that claims to be a pdf'))).toBeNull();
    expect(await detectDocumentFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('displayFileName', () => {
  it('keeps the last part of a path and drops control and direction characters', () => {
    expect(displayFileName('C:\\Users\\lee\\Report.pdf', 'pdf')).toBe('Report.pdf');
    expect(displayFileName('../../etc/passwd', 'pdf')).toBe('passwd');
    expect(displayFileName('report\u202Efdp.exe', 'pdf')).toBe('reportfdp.exe');
    expect(displayFileName('a\u0000b\nc.pdf', 'pdf')).toBe('abc.pdf');
    expect(displayFileName('  two   spaces.docx ', 'docx')).toBe('two spaces.docx');
  });

  it('names a nameless file after its format and shortens long names keeping the extension', () => {
    expect(displayFileName('', 'pdf')).toBe('attachment.pdf');
    expect(displayFileName('..', 'doc')).toBe('attachment.doc');
    const long = `${'x'.repeat(300)}.docx`;
    const shown = displayFileName(long, 'docx');
    expect(shown).toHaveLength(200);
    expect(shown.endsWith('.docx')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('offers an ASCII fallback and the exact name RFC 5987-encoded', () => {
    expect(attachmentDisposition('Plan (final).pdf')).toBe(
      `attachment; filename="Plan (final).pdf"; filename*=UTF-8''Plan%20%28final%29.pdf`,
    );
    expect(attachmentDisposition('Zoë "notes".pdf')).toBe(
      `attachment; filename="Zo_ _notes_.pdf"; filename*=UTF-8''Zo%C3%AB%20%22notes%22.pdf`,
    );
  });
});
