import type { DocumentFormat } from '@wattle/domain/files/schemas';
import CFB from 'cfb';

/** The directory entry type of a stream in a compound file (MS-CFB 2.6.1). */
const cfbStream = 2;

/**
 * The first two bytes of a Word document's File Information Block, at the start of its
 * WordDocument stream ([MS-DOC] 2.5.2 FibBase.wIdent): 0xA5EC for Word 97 and later, 0xA5DC for
 * Word 6 and 95.
 */
const wordIdents = new Set([0xa5ec, 0xa5dc]);

/**
 * Whether a Compound File Binary is a Word 97-2003 document: its directory, parsed, holds a stream
 * named WordDocument at the root (names compare case-insensitively, as MS-CFB says), and that stream
 * starts with Word's File Information Block. A compound file that merely contains the text
 * "WordDocument" somewhere (in another stream, as a storage, or in a nested storage such as an
 * embedded object) is not one; neither is a damaged file the parser cannot read.
 */
export function isWordCompoundFile(bytes: Uint8Array): boolean {
  let container: CFB.CFB$Container;
  try {
    container = CFB.parse(bytes);
  } catch {
    return false;
  }
  const root = container.FullPaths[0];
  if (root === undefined) return false;
  return container.FileIndex.some((entry, index) => {
    if (entry.type !== cfbStream || entry.name.toLowerCase() !== 'worddocument') return false;
    if (container.FullPaths[index] !== `${root}${entry.name}`) return false;
    const content = entry.content;
    if (!content || content.length < 2) return false;
    return wordIdents.has((content[0] ?? 0) | ((content[1] ?? 0) << 8));
  });
}

/**
 * The document format of some bytes, read from the content and never from a name: PDF by its
 * header; DOCX as a zip whose content types name a Word document (file-type reads
 * [Content_Types].xml; macro-enabled .docm is something else); DOC as a Compound File Binary with a
 * root-level WordDocument stream (`isWordCompoundFile`), so other compound files (Excel 97 workbooks,
 * .msi installers) are refused. Null for anything else, a renamed executable included.
 */
export async function detectDocumentFormat(bytes: Uint8Array): Promise<DocumentFormat | null> {
  // file-type is loaded with the first upload, not at start-up (idle memory, issue 18).
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  switch (found?.ext) {
    case 'pdf':
      return 'pdf';
    case 'docx':
      return 'docx';
    case 'cfb':
      return isWordCompoundFile(bytes) ? 'doc' : null;
    default:
      return null;
  }
}
