import {
  formatMinutes,
  monthLabel,
  reportCsvColumns,
  shortDate,
} from '@wattle/domain/restrictive-practices/rules';
import {
  practiceTypeLabels,
  type Report,
  reportStatusLabels,
} from '@wattle/domain/restrictive-practices/schemas';
import { localDateTime } from '@wattle/domain/time/timer';
import { winAnsiSafe } from '../cards/pdf-text';

/**
 * A month's restrictive-practice report as an A4 landscape PDF for the provider's records and the
 * Commission: who and which month, its status (reviewed by, submitted with the Commission's
 * reference), the figures per practice, and the table of every use (the CSV's rows). Every page's
 * foot names the report and carries the page count.
 */

const font = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
const colour = { text: '#1f2933', muted: '#5f6b7a', rule: '#c9d1db', heading: '#0f3d56', band: '#eef2f6' };
const margin = { top: 40, bottom: 56, left: 40, right: 40 };

/** The use table's columns (the CSV's, less participant and NDIS number, which head the page). */
const columns = [
  { title: 'Date', width: 56 },
  { title: 'Start', width: 34 },
  { title: 'Minutes', width: 40 },
  { title: 'Practice', width: 78 },
  { title: 'Authorised', width: 50 },
  { title: 'Reference', width: 84 },
  { title: 'Used by', width: 70 },
  { title: 'Reason', width: 120 },
  { title: 'Behaviour', width: 90 },
  { title: 'Antecedent', width: 78 },
  { title: 'Incident', width: 62 },
] as const;
const cellPadding = 3;
const tableFontSize = 7.5;

/** report-2026-03-jordan-lee.pdf */
export function reportFileName(
  report: Pick<Report, 'month' | 'participantName'>,
  extension: 'pdf' | 'csv',
): string {
  const name = report.participantName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `restrictive-practices-${report.month}-${name || 'participant'}.${extension}`;
}

/** dd/mm/yyyy of a day, or of an instant on the tenant's clock. */
function dateText(value: string | null, timeZone?: string): string {
  if (!value) return '';
  const day = timeZone && value.length > 10 ? localDateTime(new Date(value), timeZone).date : value;
  return shortDate(day);
}

export async function renderReportPdf(
  report: Report,
  rows: readonly (readonly string[])[],
  providerName: string,
  timeZone: string,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const title = `Restrictive practice report: ${monthLabel(report.month)}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: margin,
    bufferPages: true,
    info: {
      Title: winAnsiSafe(`${title}, ${report.participantName}`),
      Author: winAnsiSafe(providerName),
      Creator: 'Wattle',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = margin.left;
  const width = () => doc.page.width - margin.left - margin.right;
  const bottom = () => doc.page.height - margin.bottom;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(winAnsiSafe(value), x, y, options);
  // The table spans the page: the fixed widths are scaled to it.
  const fixed = columns.reduce((sum, c) => sum + c.width, 0);

  try {
    drawHeader();
    drawFigures();
    drawUses();
    drawFooters();
    doc.end();
  } catch (error) {
    doc.end();
    return Promise.reject(error);
  }
  return done;

  function drawHeader() {
    doc.font(font.bold).fontSize(16).fillColor(colour.heading);
    text(title, left, doc.y, { width: width() });
    doc.font(font.regular).fontSize(10).fillColor(colour.text);
    const facts: [string, string][] = [
      ['Provider', providerName],
      ['Participant', `${report.participantName} (NDIS number ${report.ndisNumber})`],
      ['Status', reportStatusLabels[report.status]],
      ['Generated', dateText(report.generatedAt, timeZone)],
    ];
    if (report.reviewedBy)
      facts.push(['Reviewed', `${report.reviewedBy.name}, ${dateText(report.reviewedAt, timeZone)}`]);
    if (report.submittedBy) {
      facts.push([
        'Submitted',
        `${report.submittedBy.name}, ${dateText(report.submittedAt, timeZone)}; Commission reference ${report.commissionReference ?? ''}`,
      ]);
    }
    if (report.deadline) facts.push(['Due to the Commission', dateText(report.deadline.dueAt, timeZone)]);
    doc.y += 4;
    for (const [label, value] of facts) {
      const y = doc.y + 1;
      doc.font(font.bold);
      text(`${label}: `, left, y, { width: width(), continued: true });
      doc.font(font.regular);
      doc.text(winAnsiSafe(value));
    }
    doc.y += 8;
    rule(doc.y);
    doc.y += 8;
  }

  function drawFigures() {
    doc.font(font.bold).fontSize(11).fillColor(colour.heading);
    text('Summary', left, doc.y, { width: width() });
    doc.font(font.regular).fontSize(10).fillColor(colour.text);
    text(
      `${report.useCount} ${report.useCount === 1 ? 'use' : 'uses'}, ${report.unauthorisedCount} unauthorised, ${formatMinutes(report.totalMinutes)} in all.`,
      left,
      doc.y + 3,
      { width: width() },
    );
    for (const figures of report.byPractice) {
      text(
        `${practiceTypeLabels[figures.practiceType]}: ${figures.useCount} ${figures.useCount === 1 ? 'use' : 'uses'} (${figures.unauthorisedCount} unauthorised), ${formatMinutes(figures.totalMinutes)}`,
        left + 12,
        doc.y + 2,
        { width: width() - 12 },
      );
    }
    doc.y += 10;
  }

  function columnWidth(i: number) {
    return (columns[i]!.width * width()) / fixed;
  }

  function drawTableHead() {
    const y = doc.y;
    doc.font(font.bold).fontSize(tableFontSize);
    const height = doc.currentLineHeight(true) + cellPadding * 2;
    doc.rect(left, y, width(), height).fillColor(colour.band).fill();
    doc.fillColor(colour.heading);
    let x = left;
    columns.forEach((column, i) => {
      text(column.title, x + cellPadding, y + cellPadding, {
        width: columnWidth(i) - cellPadding * 2,
        lineBreak: false,
      });
      x += columnWidth(i);
    });
    doc.y = y + height;
  }

  function drawUses() {
    doc.font(font.bold).fontSize(11).fillColor(colour.heading);
    text('Uses', left, doc.y, { width: width() });
    doc.y += 4;
    if (rows.length === 0) {
      doc.font(font.italic).fontSize(10).fillColor(colour.muted);
      text('No restrictive practice was used this month.', left, doc.y, { width: width() });
      return;
    }
    drawTableHead();
    doc.font(font.regular).fontSize(tableFontSize);
    // The CSV's first two cells (participant, NDIS number) head the page instead.
    const offset = reportCsvColumns.indexOf('Date');
    for (const row of rows) {
      const cells = row.slice(offset).map((cell, i) => (i === 0 ? dateText(cell) : cell));
      const height =
        Math.max(
          ...cells.map((cell, i) =>
            doc.heightOfString(winAnsiSafe(cell), { width: columnWidth(i) - cellPadding * 2 }),
          ),
        ) +
        cellPadding * 2;
      if (doc.y + height > bottom()) {
        doc.addPage();
        drawTableHead();
        doc.font(font.regular).fontSize(tableFontSize);
      }
      const y = doc.y;
      doc.fillColor(colour.text);
      let x = left;
      cells.forEach((cell, i) => {
        text(cell, x + cellPadding, y + cellPadding, { width: columnWidth(i) - cellPadding * 2 });
        x += columnWidth(i);
      });
      doc.y = y + height;
      rule(doc.y, 0.4);
    }
  }

  function drawFooters() {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const saved = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: margin.left, right: margin.right };
      const y = doc.page.height - 36;
      rule(y - 8, 0.5);
      doc.font(font.regular).fontSize(8).fillColor(colour.muted);
      const one = { lineBreak: false, ellipsis: true, height: 12 } as const;
      text(`${providerName}  ·  ${title}  ·  ${report.participantName}`, left, y, {
        ...one,
        width: width() * 0.75,
      });
      text(`Page ${i - range.start + 1} of ${range.count}`, left + width() * 0.75, y, {
        ...one,
        width: width() * 0.25,
        align: 'right',
      });
      doc.page.margins = saved;
    }
  }

  function rule(y: number, lineWidth = 0.75) {
    doc
      .moveTo(left, y)
      .lineTo(left + width(), y)
      .lineWidth(lineWidth)
      .strokeColor(colour.rule)
      .stroke();
  }
}
