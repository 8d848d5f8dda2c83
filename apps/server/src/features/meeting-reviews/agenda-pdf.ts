import { cardStateLabels } from '@wattle/domain/cards/schemas';
import { cardStatusLabels } from '@wattle/domain/cards/workflow';
import type { MeetingReview, MeetingReviewCard } from '@wattle/domain/meeting-reviews/schemas';
import { formatDate, formatDateTime, winAnsiSafe } from '../cards/pdf-text';

const font = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
const colour = {
  text: '#1f2933',
  muted: '#5f6b7a',
  rule: '#c9d1db',
  heading: '#0f3d56',
  bad: '#a11d1d',
} as const;
const margin = { top: 50, bottom: 60, left: 50, right: 50 };
/** Room left under each card to write notes by hand in the meeting. */
const notesSpace = 34;

/** One line about a card: due date (overdue), where it stands, who has it and the last change. */
export function agendaCardLine(card: MeetingReviewCard, timeZone: string): string {
  const parts = [
    card.dueDate ? `Due ${formatDate(card.dueDate)}${card.isOverdue ? ' (overdue)' : ''}` : 'No due date',
    `${cardStatusLabels[card.status]}, ${cardStateLabels[card.state]}`,
    card.assigneeName ? `Assigned to ${card.assigneeName}` : 'Unassigned',
    `Changed ${formatDateTime(card.updatedAt, timeZone)}${card.lastModifiedByName ? ` by ${card.lastModifiedByName}` : ''}`,
  ];
  return parts.join('  ·  ');
}

/**
 * The agenda of a Meeting Review as an A4 PDF (pdfkit, as the invoices and card exports): the team,
 * the period, then each participant's cards with a line about each, its last meeting note, and room
 * to write. Every page's foot carries the team and the page count.
 */
export async function renderMeetingAgendaPdf(
  review: MeetingReview,
  options: { timeZone: string; organisationName: string },
): Promise<Buffer> {
  // pdfkit and its fonts load on the first PDF, not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const title = `Meeting agenda: ${review.team.name}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: margin,
    bufferPages: true,
    info: { Title: winAnsiSafe(title), Author: winAnsiSafe(options.organisationName), Creator: 'Wattle' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = () => doc.page.width - margin.left - margin.right;
  const bottom = () => doc.page.height - margin.bottom;
  const write = (value: string, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(winAnsiSafe(value), margin.left, doc.y, { width: width(), ...options });
  const roomFor = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  try {
    doc.font(font.bold).fontSize(18).fillColor(colour.heading);
    write(title);
    doc.font(font.regular).fontSize(10).fillColor(colour.muted);
    write(options.organisationName);
    doc.moveDown(0.3);
    doc.fillColor(colour.text);
    write(
      `Cards due from ${formatDate(review.dueFrom)} to ${formatDate(review.dueTo)}, or changed in the last ` +
        `${review.days} day${review.days === 1 ? '' : 's'} (since ${formatDateTime(review.changedSince, options.timeZone)}). ` +
        `${review.total} card${review.total === 1 ? '' : 's'}.`,
    );
    doc.moveDown(0.8);

    if (review.groups.length === 0) {
      doc.font(font.italic).fontSize(11);
      write('Nothing is due or has changed in this period.');
    }
    for (const group of review.groups) {
      roomFor(60);
      doc.font(font.bold).fontSize(13).fillColor(colour.heading);
      write(`${group.participantName} (${group.cards.length})`);
      const y = doc.y + 2;
      doc
        .moveTo(margin.left, y)
        .lineTo(margin.left + width(), y)
        .strokeColor(colour.rule)
        .lineWidth(0.7)
        .stroke();
      doc.y = y + 6;
      for (const card of group.cards) {
        roomFor(48 + notesSpace);
        doc.font(font.bold).fontSize(10.5).fillColor(colour.text);
        write(`[ ]  ${card.workItemId}  ${card.title}`);
        doc
          .font(font.regular)
          .fontSize(8.5)
          .fillColor(card.isOverdue ? colour.bad : colour.muted);
        write(agendaCardLine(card, options.timeZone), { indent: 18 });
        if (card.lastReview) {
          doc.font(font.italic).fillColor(colour.muted);
          write(
            `Last meeting note (${card.lastReview.userName}, ${formatDateTime(card.lastReview.createdAt, options.timeZone)}): ${card.lastReview.content}`,
            { indent: 18 },
          );
        }
        doc.font(font.regular).fontSize(8.5).fillColor(colour.muted);
        write('Notes:', { indent: 18 });
        doc.y += notesSpace - 12;
      }
      doc.moveDown(0.6);
    }

    // Each page's foot: the team and "Page n of m".
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing in the margin must not start new pages.
      const saved = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: margin.left, right: margin.right };
      doc.font(font.regular).fontSize(8).fillColor(colour.muted);
      doc.text(
        winAnsiSafe(
          `${title}  ·  ${formatDate(review.today)}  ·  Page ${i - range.start + 1} of ${range.count}`,
        ),
        margin.left,
        doc.page.height - 40,
        { width: width(), align: 'center', lineBreak: false, ellipsis: true, height: 12 },
      );
      doc.page.margins = saved;
    }
    doc.end();
  } catch (error) {
    doc.end();
    return Promise.reject(error);
  }
  return done;
}
