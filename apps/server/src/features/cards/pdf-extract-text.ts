import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * For tests: the text of each page of a PDF, as pdf.js (the engine of Firefox's viewer) reads it,
 * one string per line in reading order. Proves a generated PDF is a real one a viewer can open.
 */
export async function extractPdfText(
  pdf: Uint8Array,
): Promise<{ pages: string[]; info: Record<string, unknown> }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const loading = getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
    isEvalSupported: false,
    verbosity: 0,
  });
  const document = await loading.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const lines: string[] = [];
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      pages.push(lines.join('\n'));
    }
    const { info } = await document.getMetadata();
    return { pages, info: info as Record<string, unknown> };
  } finally {
    await loading.destroy();
  }
}
