import { describe, expect, it } from 'vitest';
import { detectDocumentFormat } from './detect-format';
import { attachmentDisposition, displayFileName, typedFileName } from './file-name';
import {
  compoundFileBytes,
  docBytes,
  docxBytes,
  exeBytes,
  pdfBytes,
  wordFib,
  xlsBytes,
  zipBytes,
} from './test-documents';

describe('detectDocumentFormat', () => {
  it('recognises PDF, DOCX and DOC by their content', async () => {
    expect(await detectDocumentFormat(pdfBytes())).toBe('pdf');
    expect(await detectDocumentFormat(docxBytes())).toBe('docx');
    expect(await detectDocumentFormat(docBytes())).toBe('doc');
  });

  it('refuses executables, other archives, other compound files and text', async () => {
    expect(await detectDocumentFormat(exeBytes())).toBeNull();
    expect(await detectDocumentFormat(zipBytes({ 'readme.txt': 'hello' }))).toBeNull();
    // An Excel 97 workbook (or an .msi installer) is a compound file too, without a WordDocument stream.
    expect(await detectDocumentFormat(xlsBytes())).toBeNull();
    expect(await detectDocumentFormat(Buffer.from('just some text that claims to be a pdf'))).toBeNull();
    expect(await detectDocumentFormat(Buffer.alloc(0))).toBeNull();
  });

  it('asks a DOC for a WordDocument stream at the root of its directory, not the name anywhere', async () => {
    expect(await detectDocumentFormat(compoundFileBytes({ WordDocument: wordFib() }))).toBe('doc');
    // The name as text inside another stream, which the old byte search accepted.
    const named = compoundFileBytes({ Workbook: Buffer.from('WordDocument', 'utf16le') });
    expect(named.includes(Buffer.from('WordDocument', 'utf16le'))).toBe(true);
    expect(await detectDocumentFormat(named)).toBeNull();
    // A WordDocument stream inside a storage (an embedded object), not at the root.
    expect(
      await detectDocumentFormat(compoundFileBytes({ 'ObjectPool/_1/WordDocument': wordFib() })),
    ).toBeNull();
    // A root-level WordDocument stream that does not start with Word's File Information Block.
    expect(await detectDocumentFormat(compoundFileBytes({ WordDocument: 'not a Word document' }))).toBeNull();
    // A compound file cut short: its directory cannot be read.
    expect(await detectDocumentFormat(docBytes().subarray(0, 600))).toBeNull();
    // Stream names compare case-insensitively, as in MS-CFB.
    expect(await detectDocumentFormat(compoundFileBytes({ worddocument: wordFib() }))).toBe('doc');
  });
});

describe('displayFileName', () => {
  it('keeps the last part of a path and drops control and direction characters', () => {
    expect(displayFileName('C:\\Users\\lee\\Report.pdf', 'pdf')).toBe('Report.pdf');
    expect(displayFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(displayFileName('report\u202Efdp.exe', 'pdf')).toBe('reportfdp.pdf');
    expect(displayFileName('a\u0000b\nc.pdf', 'pdf')).toBe('abc.pdf');
    expect(displayFileName('  two   spaces.docx ', 'docx')).toBe('two spaces.docx');
  });

  it('names a nameless file after its format and shortens long names keeping the extension', () => {
    expect(displayFileName('', 'pdf')).toBe('attachment.pdf');
    expect(displayFileName('..', 'doc')).toBe('attachment.doc');
    expect(displayFileName('.hta', 'pdf')).toBe('attachment.pdf');
    const long = `${'x'.repeat(300)}.docx`;
    const shown = displayFileName(long, 'docx');
    expect(shown).toHaveLength(200);
    expect(shown.endsWith('.docx')).toBe(true);
    const longWrong = displayFileName(`${'y'.repeat(300)}.hta`, 'pdf');
    expect(longWrong).toHaveLength(200);
    expect(longWrong.endsWith('y.pdf')).toBe(true);
  });

  it('ends the name in the extension of the format found in the content', () => {
    // A wrong extension is replaced, whatever it is.
    expect(displayFileName('invoice.hta', 'pdf')).toBe('invoice.pdf');
    expect(displayFileName('invoice.pdf.exe', 'pdf')).toBe('invoice.pdf.pdf');
    expect(displayFileName('notes.docx', 'doc')).toBe('notes.doc');
    expect(displayFileName('notes.DOC', 'docx')).toBe('notes.docx');
    expect(displayFileName('macro.docm', 'docx')).toBe('macro.docx');
    // A missing one is added; a last part that is no extension stays part of the name.
    expect(displayFileName('Care plan', 'docx')).toBe('Care plan.docx');
    expect(displayFileName('Plan v1.2', 'pdf')).toBe('Plan v1.2.pdf');
    expect(displayFileName('J. Smith', 'pdf')).toBe('J. Smith.pdf');
    // The right one is kept as typed.
    expect(displayFileName('Report.PDF', 'pdf')).toBe('Report.PDF');
    // Windows drops trailing dots and spaces when saving: they cannot hide the real extension.
    expect(displayFileName('invoice.hta. . ', 'pdf')).toBe('invoice.pdf');
    expect(displayFileName('invoice.hta\u202E.', 'pdf')).toBe('invoice.pdf');
    expect(displayFileName('invoice..pdf', 'pdf')).toBe('invoice.pdf');
  });
});

describe('typedFileName', () => {
  it('keeps what the browser sent for the audit trail, control characters made visible', () => {
    expect(typedFileName('invoice.hta')).toBe('invoice.hta');
    expect(typedFileName('a\u0000b\n.pdf')).toBe('a\ufffdb\ufffd.pdf');
    expect(typedFileName('report\u202Efdp.exe')).toBe('report\u202Efdp.exe');
    expect(typedFileName('x'.repeat(2000))).toHaveLength(1000);
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
