import { inflateSync } from 'node:zlib';
import type { Card, CardStatus } from '@wattle/domain/cards/schemas';
import type { FieldValue, FormField, FormTemplate, SignatureValue } from '@wattle/domain/templates/schemas';
import { groupFieldsBySection } from '@wattle/domain/templates/sections';
import {
  signatureByline,
  signatureState,
  signatureStateLabels,
  signedValuesHash,
} from '@wattle/domain/templates/signatures';
import {
  fieldValueBlocks,
  formatDateTime,
  isSignatureValue,
  singleLine,
  type TextBlock,
  winAnsiSafe,
} from './pdf-text';

export interface CardPdfInput {
  tenantName: string;
  card: Card;
  template: FormTemplate;
  /** The participant's name when known; else the participant-name field, else the participant id. */
  participantName?: string | null;
  generatedAt: Date;
  /** The name of the person exporting. */
  generatedBy: string;
  /** The tenant's time zone, for the times printed (default Australia/Sydney). */
  timeZone?: string;
  /** A line under the work item naming what the PDF shows (an audit pack's plan version). */
  versionNote?: string;
}

const statusLabels: Record<CardStatus, string> = {
  draft: 'Draft',
  'in-progress': 'In progress',
  'pending-review': 'Pending review',
  approved: 'Approved',
  archived: 'Archived',
};
const severityLabels = { critical: 'Critical', high: 'High', medium: 'Medium' } as const;

const font = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  signature: 'Times-Italic',
} as const;
const colour = {
  text: '#1f2933',
  muted: '#5f6b7a',
  rule: '#c9d1db',
  heading: '#0f3d56',
  good: '#1b6e3a',
  goodFill: '#e7f5ec',
  bad: '#a11d1d',
  badFill: '#fbeaea',
} as const;

const margin = { top: 92, bottom: 68, left: 50, right: 50 };
/** The largest signature image drawn: a signature pad is a few hundred pixels across. */
const maxSignaturePixels = { width: 4000, height: 2000 };

/** The participant line of the header: the given name, the participant-name field, or the id. */
export function participantLabel(input: Pick<CardPdfInput, 'card' | 'participantName'>): string {
  return (
    input.participantName?.trim() ||
    singleLine(input.card.fieldValues['participant-name']) ||
    input.card.participantId ||
    'Not recorded'
  );
}

/**
 * A card's template form as an A4 PDF: a header on every page naming the tenant, the participant,
 * the template and its version and the work item; the compliance status; the form's sections in
 * their fixed order with each field's value (signatures drawn or typed, with who signed and when);
 * a footer with the page number and who generated it when.
 */
export async function renderCardPdf(input: CardPdfInput): Promise<Buffer> {
  // pdfkit and its fonts load on the first export, not at start-up: most processes never draw a PDF.
  const { default: PDFDocument } = await import('pdfkit');
  const { card, template } = input;
  const timeZone = input.timeZone ?? 'Australia/Sydney';
  let hashOfValues: string | undefined;
  /** The hash of the card's values now, which each signature's is checked against (decision 0021). */
  const currentHash = () => {
    hashOfValues ??= signedValuesHash(template, card.fieldValues);
    return hashOfValues;
  };
  const doc = new PDFDocument({
    size: 'A4',
    layout: template.pdfTemplate.layout === 'landscape' ? 'landscape' : 'portrait',
    margins: margin,
    bufferPages: true,
    info: {
      Title: winAnsiSafe(`${card.workItemId} ${template.name}`),
      Author: winAnsiSafe(input.tenantName),
      Subject: winAnsiSafe(card.title),
      Creator: 'Wattle',
      CreationDate: input.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  try {
    const left = margin.left;
    const width = () => doc.page.width - margin.left - margin.right;
    const bottom = () => doc.page.height - margin.bottom;
    /** Starts a new page unless `height` more points fit on this one. */
    const ensureSpace = (height: number) => {
      if (doc.y + height > bottom()) doc.addPage();
    };
    const write = (text: string, options: PDFKit.Mixins.TextOptions & { x?: number } = {}) => {
      const { x = left, ...rest } = options;
      doc.text(winAnsiSafe(text), x, doc.y, { width: width() - (x - left), ...rest });
    };

    // Title block.
    doc.fillColor(colour.text).font(font.bold).fontSize(16);
    write(card.title);
    doc.moveDown(0.2);
    doc.font(font.regular).fontSize(10).fillColor(colour.muted);
    write(
      [
        template.name,
        `Version ${template.version}`,
        template.ndisRequired ? 'NDIS Required' : 'NDIS not required',
      ].join('  ·  '),
    );
    write(
      [
        `Work item ${card.workItemId}`,
        `Status: ${statusLabels[card.status]}`,
        `Created ${formatDateTime(card.createdAt, timeZone)}`,
        `Updated ${formatDateTime(card.updatedAt, timeZone)}`,
      ].join('  ·  '),
    );
    if (input.versionNote) {
      doc.font(font.bold).fillColor(colour.heading);
      write(input.versionNote);
      doc.font(font.regular).fillColor(colour.muted);
    }
    if (card.description.trim()) {
      doc.moveDown(0.4).fillColor(colour.text);
      write(card.description.trim());
    }
    doc.moveDown(0.8);

    drawCompliance();
    for (const { section, fields } of groupFieldsBySection(template.fields)) {
      // A heading goes to the next page with its first field.
      const first = fields[0];
      ensureSpace(first && isSignatureValue(card.fieldValues[first.id]) ? 160 : 70);
      doc.moveDown(0.6);
      doc.font(font.bold).fontSize(13).fillColor(colour.heading);
      write(section.name);
      const ruleY = doc.y + 2;
      doc
        .moveTo(left, ruleY)
        .lineTo(left + width(), ruleY)
        .lineWidth(0.75)
        .strokeColor(colour.rule)
        .stroke();
      doc.y = ruleY + 6;
      for (const field of fields) drawField(field, card.fieldValues[field.id]);
    }

    drawHeadersAndFooters();
    doc.end();
  } catch (error) {
    doc.end();
    return Promise.reject(error);
  }
  return done;

  function drawCompliance() {
    const { compliance } = card;
    const left = margin.left;
    const width = doc.page.width - margin.left - margin.right;
    const heading = compliance.isCompliant ? 'Compliant' : 'Not compliant';
    const summary = `${compliance.completion}% of required fields complete`;
    const issues = compliance.issues.map(
      (i) => `${severityLabels[i.severity]}: ${winAnsiSafe(i.description)}`,
    );
    doc.font(font.regular).fontSize(10);
    const issuesHeight = issues.reduce(
      (h, text) => h + doc.heightOfString(text, { width: width - 40 }) + 2,
      issues.length ? 16 : 0,
    );
    const boxHeight = 44 + issuesHeight;
    if (doc.y + boxHeight > doc.page.height - margin.bottom) doc.addPage();
    const top = doc.y;
    doc
      .roundedRect(left, top, width, boxHeight, 4)
      .fillColor(compliance.isCompliant ? colour.goodFill : colour.badFill)
      .fill();
    doc
      .font(font.bold)
      .fontSize(11)
      .fillColor(compliance.isCompliant ? colour.good : colour.bad)
      .text(`Compliance status: ${heading}`, left + 12, top + 10, { width: width - 24 });
    doc
      .font(font.regular)
      .fontSize(10)
      .fillColor(colour.text)
      .text(summary, left + 12, doc.y + 2, {
        width: width - 24,
      });
    if (issues.length) {
      doc.moveDown(0.3).text('Issues:', left + 12, doc.y, { width: width - 24 });
      for (const text of issues) {
        const y = doc.y + 2;
        doc.text('•', left + 16, y, { width: 12, lineBreak: false });
        doc.text(text, left + 28, y, { width: width - 40 });
      }
    }
    doc.y = top + boxHeight + 6;
  }

  function drawField(field: FormField, value: FieldValue | undefined) {
    const left = margin.left;
    const width = doc.page.width - margin.left - margin.right;
    doc.font(font.bold).fontSize(10);
    const label = winAnsiSafe(`${field.name}${field.required ? ' *' : ''}`);
    // The label never sits alone at a page's foot: it goes with a signature or a first line.
    ensureFieldSpace(doc.heightOfString(label, { width }) + (isSignatureValue(value) ? 122 : 20));
    doc.fillColor(colour.text).text(label, left, doc.y + 4, { width });
    doc.y += 2;
    if (isSignatureValue(value)) drawSignature(value);
    else drawBlocks(fieldValueBlocks(field, value));
    doc.y += 4;
  }

  function ensureFieldSpace(height: number) {
    if (doc.y + height > doc.page.height - margin.bottom) doc.addPage();
  }

  function drawBlocks(blocks: TextBlock[]) {
    const left = margin.left + 12;
    const width = doc.page.width - margin.right - left;
    for (const block of blocks) {
      const indent = block.depth * 14;
      const text = winAnsiSafe(block.text);
      if (block.kind === 'heading') doc.font(font.bold).fontSize(10.5);
      else if (block.kind === 'quote') doc.font(font.italic).fontSize(10);
      else if (block.kind === 'code') doc.font('Courier').fontSize(9.5);
      else doc.font(font.regular).fontSize(10);
      doc.fillColor(colour.text);
      if (block.kind === 'item') {
        const marker = winAnsiSafe(block.marker ?? '•');
        ensureFieldSpace(doc.currentLineHeight(true));
        const y = doc.y;
        doc.text(marker, left + indent, y, { width: 16, lineBreak: false });
        doc.text(text, left + indent + 16, y, { width: width - indent - 16 });
      } else {
        const x = left + indent + (block.kind === 'quote' ? 10 : 0);
        doc.text(text, x, doc.y, { width: width - (x - left) });
      }
      doc.y += 3;
    }
  }

  function drawSignature(signature: SignatureValue) {
    const left = margin.left + 12;
    const width = doc.page.width - margin.right - left;
    ensureFieldSpace(112);
    const image = signature.kind === 'drawn' && signature.image ? pngOf(signature.image) : null;
    if (image) {
      const scale = Math.min(220 / image.width, 70 / image.height, 1);
      const y = doc.y + 2;
      doc.image(image.data, left, y, { width: image.width * scale, height: image.height * scale });
      doc.y = y + image.height * scale + 4;
    } else if (signature.typed) {
      doc.font(font.signature).fontSize(20).fillColor(colour.text);
      doc.text(winAnsiSafe(signature.typed), left, doc.y, { width });
    } else {
      doc.font(font.italic).fontSize(10).fillColor(colour.muted);
      doc.text('(signature image could not be read)', left, doc.y, { width });
    }
    // Who signed, in what role, who captured it and when; then whether it still matches the form
    // it signed (its hash against the values printed above), in red when it does not.
    doc.font(font.regular).fontSize(9).fillColor(colour.muted);
    doc.text(
      winAnsiSafe(signatureByline(signature, (iso) => formatDateTime(iso, timeZone))),
      left,
      doc.y + 2,
      { width },
    );
    const state = signatureState(signature, currentHash());
    doc.fillColor(state === 'matches' ? colour.muted : colour.bad);
    const hash = signature.valuesHash ? `  ·  form hash ${signature.valuesHash.slice(0, 23)}…` : '';
    doc.text(winAnsiSafe(`${signatureStateLabels[state]}${hash}`), left, doc.y + 1, { width });
    doc.fillColor(colour.text);
  }

  function drawHeadersAndFooters() {
    const range = doc.bufferedPageRange();
    const participant = participantLabel(input);
    const generated = `Generated ${formatDateTime(input.generatedAt, timeZone)} by ${input.generatedBy}`;
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const { width: pageWidth, height: pageHeight } = doc.page;
      const left = margin.left;
      const width = pageWidth - margin.left - margin.right;
      // Writing in the margins must not start new pages.
      const savedMargins = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: margin.left, right: margin.right };
      const one = { lineBreak: false, ellipsis: true, height: 14 } as const;

      doc.font(font.bold).fontSize(11).fillColor(colour.heading);
      doc.text(winAnsiSafe(input.tenantName), left, 32, { ...one, width: width * 0.62 });
      doc.text(card.workItemId, left + width * 0.62, 32, { ...one, width: width * 0.38, align: 'right' });
      doc.font(font.regular).fontSize(9).fillColor(colour.muted);
      doc.text(winAnsiSafe(`Participant: ${participant}`), left, 50, { ...one, width: width * 0.5 });
      doc.text(winAnsiSafe(`${template.name} (version ${template.version})`), left + width * 0.5, 50, {
        ...one,
        width: width * 0.5,
        align: 'right',
      });
      doc
        .moveTo(left, 68)
        .lineTo(left + width, 68)
        .lineWidth(0.75)
        .strokeColor(colour.rule)
        .stroke();

      const footerY = pageHeight - 44;
      doc
        .moveTo(left, footerY - 8)
        .lineTo(left + width, footerY - 8)
        .lineWidth(0.5)
        .strokeColor(colour.rule)
        .stroke();
      doc.font(font.regular).fontSize(8).fillColor(colour.muted);
      doc.text(winAnsiSafe(generated), left, footerY, { ...one, width: width * 0.75 });
      doc.text(`Page ${i - range.start + 1} of ${range.count}`, left + width * 0.75, footerY, {
        ...one,
        width: width * 0.25,
        align: 'right',
      });
      doc.page.margins = savedMargins;
    }
  }
}

/**
 * The PNG of a drawn signature, or null when it is not one the PDF can safely hold. The image is
 * checked through before pdfkit sees it: pdfkit decodes a PNG with transparency in a callback that
 * throws outside any try (a corrupt image would stop the server), and a small file can hold a huge
 * image. Accepted: 8-bit grey, grey with alpha, RGB and RGBA, not interlaced, whose data inflates to
 * exactly its rows with valid filter bytes.
 */
export function pngOf(dataUrl: string): { data: Buffer; width: number; height: number } | null {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!m?.[1]) return null;
  const data = Buffer.from(m[1], 'base64');
  const magic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length < 33 || magic.some((b, i) => data[i] !== b)) return null;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  let offset = 8;
  let sawEnd = false;
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = offset + 8;
    if (body + length + 4 > data.length) return null;
    if (offset === 8) {
      if (type !== 'IHDR' || length !== 13) return null;
      width = data.readUInt32BE(body);
      height = data.readUInt32BE(body + 4);
      const [bitDepth, colourType, compression, filter, interlace] = data.subarray(body + 8, body + 13);
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colourType ?? -1] ?? 0;
      if (bitDepth !== 8 || !channels || compression !== 0 || filter !== 0 || interlace !== 0) return null;
    } else if (type === 'IDAT') idat.push(data.subarray(body, body + length));
    else if (type === 'IEND') {
      sawEnd = true;
      break;
    }
    offset = body + length + 4;
  }
  if (!sawEnd || !idat.length) return null;
  if (!width || !height || width > maxSignaturePixels.width || height > maxSignaturePixels.height)
    return null;
  const rowBytes = width * channels + 1;
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: rowBytes * height + 1 });
  } catch {
    return null;
  }
  if (pixels.length !== rowBytes * height) return null;
  for (let row = 0; row < height; row++) if ((pixels[row * rowBytes] ?? 5) > 4) return null;
  return { data, width, height };
}

/** The attachment name of a card's PDF: `<work item id>-<template id>.pdf`. */
export function cardPdfFileName(card: Pick<Card, 'workItemId'>, template: Pick<FormTemplate, 'id'>): string {
  return `${card.workItemId}-${template.id}.pdf`.replace(/[^A-Za-z0-9._-]/g, '-');
}
