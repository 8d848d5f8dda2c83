import type { DocumentFormat } from '@wattle/domain/files/schemas';
import { fileTypeFromBuffer } from 'file-type';

/** "WordDocument" as it appears in a compound file's directory (UTF-16LE names). */
const wordDocumentStream = Buffer.from('WordDocument', 'utf16le');

/**
 * The document format of some bytes, read from the content and never from a name: PDF by its
 * header; DOCX as a zip whose content types name a Word document (file-type reads
 * [Content_Types].xml; macro-enabled .docm is something else); DOC as a Compound File Binary
 * holding a WordDocument stream, so other compound files (Excel 97, .msi installers) are refused.
 * Null for anything else, a renamed executable included.
 */
export async function detectDocumentFormat(bytes: Uint8Array): Promise<DocumentFormat | null> {
  const found = await fileTypeFromBuffer(bytes);
  switch (found?.ext) {
    case 'pdf':
      return 'pdf';
    case 'docx':
      return 'docx';
    case 'cfb':
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(wordDocumentStream)
        ? 'doc'
        : null;
    default:
      return null;
  }
}
