import type { Invoice, InvoiceLine } from '@wattle/domain/invoices/schemas';
import type { BankAccount } from '@wattle/domain/invoices/tax-invoice-settings';
import { formatCents } from '@wattle/domain/participants/plans';
import { pngOf } from '../cards/pdf-render';
import { formatDate, winAnsiSafe } from '../cards/pdf-text';

/**
 * Who the provider is on its invoices: the tenant's tax-invoice settings (read-tax-invoice-provider.ts).
 * Any of it may still be unset while an admin has not filled the settings in; the PDF then says so
 * rather than printing an empty label.
 */
export interface TaxInvoiceProvider {
  legalName: string;
  abn?: string | undefined;
  ndisRegistrationNumber?: string | undefined;
  address?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  bank?: BankAccount | undefined;
  /** A PNG data URL drawn at the top left; ignored when it is not a PNG the PDF can safely hold. */
  logo?: string | null | undefined;
}

const font = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
const colour = {
  text: '#1f2933',
  muted: '#5f6b7a',
  rule: '#c9d1db',
  heading: '#0f3d56',
  band: '#eef2f6',
  bad: '#a11d1d',
} as const;
const margin = { top: 50, bottom: 64, left: 50, right: 50 };
const notSet = 'Not set';

/** The table's columns over the 495 points between A4 portrait's margins. */
const columns = [
  { key: 'item', title: 'Support item', width: 98, align: 'left' },
  { key: 'description', title: 'Description', width: 134, align: 'left' },
  { key: 'dates', title: 'Date', width: 64, align: 'left' },
  { key: 'quantity', title: 'Qty', width: 36, align: 'right' },
  { key: 'unitPrice', title: 'Unit price', width: 54, align: 'right' },
  { key: 'gst', title: 'GST', width: 52, align: 'right' },
  { key: 'total', title: 'Total', width: 57, align: 'right' },
] as const;
type ColumnKey = (typeof columns)[number]['key'];
const cellPadding = 3;
const tableFontSize = 8;

/** GST applies when any line carries some: then the document is a tax invoice (ATO wording). */
export function isTaxInvoice(invoice: Pick<Invoice, 'lineItems'>): boolean {
  return invoice.lineItems.some((line) => line.gstCents > 0);
}

export function taxInvoiceTitle(invoice: Pick<Invoice, 'lineItems'>): 'Tax Invoice' | 'Invoice' {
  return isTaxInvoice(invoice) ? 'Tax Invoice' : 'Invoice';
}

/** The attachment name: the invoice number, e.g. `INV-00001.pdf`. */
export function invoicePdfFileName(invoice: Pick<Invoice, 'invoiceNumber'>): string {
  return `${invoice.invoiceNumber}.pdf`.replace(/[^A-Za-z0-9._-]/g, '-');
}

/** 11 digits as the ATO prints them: 51 824 753 556. */
export function formatAbn(abn: string): string {
  const d = abn.replace(/\s/g, '');
  return /^\d{11}$/.test(d) ? `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}` : abn;
}

/** 062000 → 062-000. */
export function formatBsb(bsb: string): string {
  return /^\d{6}$/.test(bsb) ? `${bsb.slice(0, 3)}-${bsb.slice(3)}` : bsb;
}

/** yyyy-mm-dd → dd/mm/yyyy, the short Australian form the table has room for. */
export function shortDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** Hours with their unit (1.5 h); units of anything else as a plain number. */
export function formatQuantity(quantity: number, unit: string): string {
  const text = Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(2).replace(/0$/, '');
  return unit === 'H' ? `${text} h` : text;
}

function gstCell(line: InvoiceLine): string {
  if (line.gstCode === 'P1') return formatCents(line.gstCents);
  return line.gstCode === 'P2' ? 'GST-free' : 'Out of scope';
}

function lineCells(line: InvoiceLine): Record<ColumnKey, string> {
  const description = [line.supportItemName, line.description]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' — ');
  const dates =
    line.serviceDateFrom === line.serviceDateTo
      ? shortDate(line.serviceDateFrom)
      : `${shortDate(line.serviceDateFrom)} to ${shortDate(line.serviceDateTo)}`;
  return {
    item: line.supportItemNumber,
    description,
    dates,
    quantity: formatQuantity(line.quantity, line.unit),
    unitPrice: formatCents(line.unitPriceCents),
    gst: gstCell(line),
    total: formatCents(line.totalCents),
  };
}

/**
 * An invoice as an A4 PDF the payer can pay from: the provider (legal name, ABN, NDIS registration
 * number, address and contacts), "Tax Invoice" when GST applies to any line and "Invoice" otherwise,
 * the number and dates, who is billed and for which participant, a table of the lines (repeating its
 * head on every page), the totals with what is paid and owing, and the payment terms with the bank
 * account and the invoice number as the payment reference. Every page's foot carries the number and
 * the page count.
 */
export async function renderTaxInvoicePdf(invoice: Invoice, provider: TaxInvoiceProvider): Promise<Buffer> {
  // pdfkit and its fonts load on the first PDF, not at start-up, as the card export does.
  const { default: PDFDocument } = await import('pdfkit');
  const title = taxInvoiceTitle(invoice);
  const doc = new PDFDocument({
    size: 'A4',
    margins: margin,
    bufferPages: true,
    info: {
      Title: winAnsiSafe(`${title} ${invoice.invoiceNumber}`),
      Author: winAnsiSafe(provider.legalName),
      Subject: winAnsiSafe(`${title} ${invoice.invoiceNumber} for ${invoice.participantName}`),
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

  try {
    drawHeader();
    drawParties();
    drawLines();
    drawTotals();
    drawPayment();
    drawFooters();
    doc.end();
  } catch (error) {
    doc.end();
    return Promise.reject(error);
  }
  return done;

  /**
   * The organisation's logo as the PDF draws it: a PNG through the checked decoder the signatures
   * use; a JPEG opened by pdfkit, which embeds JPEGs as they are. Anything it cannot read is left
   * out rather than failing the invoice.
   */
  function logoImage(dataUrl: string): { data: Buffer; width: number; height: number } | null {
    const png = pngOf(dataUrl);
    if (png) return png;
    const jpeg = /^data:image\/jpeg;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl)?.[1];
    if (!jpeg) return null;
    try {
      const data = Buffer.from(jpeg, 'base64');
      // pdfkit's openImage (not in its type declarations) reads the size and checks the data.
      const image = (
        doc as unknown as { openImage(src: Buffer): { width: number; height: number } }
      ).openImage(data);
      return image.width > 0 && image.height > 0 ? { data, width: image.width, height: image.height } : null;
    } catch {
      return null;
    }
  }

  function drawHeader() {
    const top = doc.y;
    const half = width() / 2;
    let x = left;
    const logo = provider.logo ? logoImage(provider.logo) : null;
    if (logo) {
      const scale = Math.min(120 / logo.width, 48 / logo.height, 1);
      doc.image(logo.data, left, top, { width: logo.width * scale, height: logo.height * scale });
      doc.y = top + logo.height * scale + 6;
    }
    doc.font(font.bold).fontSize(15).fillColor(colour.heading);
    text(provider.legalName, x, doc.y, { width: half + 20 });
    doc.font(font.regular).fontSize(9).fillColor(colour.text);
    const details = [
      `ABN: ${provider.abn ? formatAbn(provider.abn) : notSet}`,
      `NDIS registration number: ${provider.ndisRegistrationNumber ?? notSet}`,
      ...(provider.address ? provider.address.split(/\r?\n/) : []),
      [provider.phone && `Phone ${provider.phone}`, provider.email].filter(Boolean).join('  ·  '),
    ].filter(Boolean);
    for (const line of details) text(line, x, doc.y + 1, { width: half + 20 });
    const leftBottom = doc.y;

    // The title and the invoice's number and dates on the right.
    x = left + half + 30;
    const rightWidth = width() - half - 30;
    doc.font(font.bold).fontSize(20).fillColor(colour.heading);
    text(title, x, top, { width: rightWidth, align: 'right' });
    doc.font(font.regular).fontSize(9.5).fillColor(colour.text);
    const facts: [string, string][] = [
      ['Invoice number', invoice.invoiceNumber],
      ['Issue date', invoice.issueDate ? formatDate(invoice.issueDate) : 'Not yet issued'],
      ['Due date', invoice.dueDate ? formatDate(invoice.dueDate) : `${invoice.paymentTerms} days from issue`],
      ['Period', `${shortDate(invoice.periodFrom)} to ${shortDate(invoice.periodTo)}`],
    ];
    doc.y += 4;
    const labelWidth = 82;
    for (const [label, value] of facts) {
      const y = doc.y + 1;
      doc.font(font.bold);
      text(`${label}:`, x, y, { width: labelWidth, lineBreak: false });
      doc.font(font.regular);
      text(value, x + labelWidth, y, { width: rightWidth - labelWidth, align: 'right' });
    }
    if (invoice.status === 'void') {
      doc.font(font.bold).fontSize(11).fillColor(colour.bad);
      text(`VOID${invoice.voidReason ? `: ${invoice.voidReason}` : ''}`, x, doc.y + 4, {
        width: rightWidth,
        align: 'right',
      });
    }
    doc.y = Math.max(leftBottom, doc.y) + 14;
    rule(doc.y);
    doc.y += 10;
  }

  function drawParties() {
    const top = doc.y;
    const half = width() / 2;
    const block = (heading: string, lines: string[], x: number) => {
      doc.font(font.bold).fontSize(9).fillColor(colour.muted);
      text(heading.toUpperCase(), x, top, { width: half - 10 });
      doc.font(font.regular).fontSize(10).fillColor(colour.text);
      for (const line of lines) text(line, x, doc.y + 1, { width: half - 10 });
      return doc.y;
    };
    const billTo = block('Bill to', [invoice.payer.name, invoice.payer.email ?? ''].filter(Boolean), left);
    const participant = block(
      'Participant',
      [invoice.participantName, `NDIS number: ${invoice.ndisNumber ?? notSet}`],
      left + half,
    );
    doc.y = Math.max(billTo, participant) + 14;
  }

  function drawTableHead() {
    const y = doc.y;
    doc.font(font.bold).fontSize(tableFontSize);
    const height = doc.currentLineHeight(true) + cellPadding * 2;
    doc.rect(left, y, width(), height).fillColor(colour.band).fill();
    doc.fillColor(colour.heading);
    let x = left;
    for (const column of columns) {
      text(column.title, x + cellPadding, y + cellPadding, {
        width: column.width - cellPadding * 2,
        align: column.align,
        lineBreak: false,
      });
      x += column.width;
    }
    doc.y = y + height;
  }

  function drawLines() {
    drawTableHead();
    doc.font(font.regular).fontSize(tableFontSize);
    for (const line of invoice.lineItems) {
      const cells = lineCells(line);
      const height =
        Math.max(
          ...columns
            .filter((c) => c.key !== 'item')
            .map((c) => doc.heightOfString(winAnsiSafe(cells[c.key]), { width: c.width - cellPadding * 2 })),
        ) +
        cellPadding * 2;
      // A row never splits across pages; the head repeats on the next one.
      if (doc.y + height > bottom()) {
        doc.addPage();
        drawTableHead();
        doc.font(font.regular).fontSize(tableFontSize);
      }
      const y = doc.y;
      doc.fillColor(colour.text);
      let x = left;
      for (const column of columns) {
        const inner = column.width - cellPadding * 2;
        if (column.key === 'item') {
          // A support item number is one long word: it is drawn smaller rather than broken.
          const natural = doc.widthOfString(cells.item);
          doc.fontSize(Math.max(6, Math.min(tableFontSize, (tableFontSize * inner) / natural)));
          text(cells.item, x + cellPadding, y + cellPadding, { width: inner, lineBreak: false });
          doc.fontSize(tableFontSize);
        } else {
          text(cells[column.key], x + cellPadding, y + cellPadding, { width: inner, align: column.align });
        }
        x += column.width;
      }
      doc.y = y + height;
      rule(doc.y, 0.4);
    }
  }

  function drawTotals() {
    const rows: [string, string, boolean][] = [
      ['Subtotal', formatCents(invoice.subtotalCents), false],
      [
        `GST${isTaxInvoice(invoice) ? ` (${Math.round(invoice.gstRate * 1000) / 10}%)` : ''}`,
        formatCents(invoice.gstCents),
        false,
      ],
      [`Total${isTaxInvoice(invoice) ? ' (including GST)' : ''}`, formatCents(invoice.totalCents), true],
      ['Amount paid', formatCents(invoice.paidCents), false],
      ['Balance due', formatCents(invoice.totalCents - invoice.paidCents), true],
    ];
    doc.fontSize(10);
    const rowHeight = doc.currentLineHeight(true) + 4;
    ensureSpace(rows.length * rowHeight + 12);
    doc.y += 8;
    const labelX = left + width() - 240;
    for (const [label, value, isStrong] of rows) {
      const y = doc.y;
      doc.font(isStrong ? font.bold : font.regular).fillColor(colour.text);
      text(label, labelX, y, { width: 140, lineBreak: false });
      text(value, labelX + 140, y, { width: 100, align: 'right', lineBreak: false });
      doc.y = y + rowHeight;
    }
    if (!isTaxInvoice(invoice)) {
      doc.font(font.italic).fontSize(8.5).fillColor(colour.muted);
      text('No GST applies to the supports on this invoice.', labelX, doc.y + 2, { width: 240 });
    }
  }

  function drawPayment() {
    const bank = provider.bank;
    const lines: [string, string][] = [
      ['Account name', bank?.accountName ?? notSet],
      ['BSB', bank ? formatBsb(bank.bsb) : notSet],
      ['Account number', bank?.accountNumber ?? notSet],
      ['Payment reference', invoice.invoiceNumber],
    ];
    doc.fontSize(10);
    ensureSpace((lines.length + 3) * (doc.currentLineHeight(true) + 2) + 24);
    doc.y += 16;
    rule(doc.y);
    doc.y += 8;
    doc.font(font.bold).fontSize(11).fillColor(colour.heading);
    text('How to pay', left, doc.y, { width: width() });
    doc.font(font.regular).fontSize(10).fillColor(colour.text);
    const terms = `Payment due within ${invoice.paymentTerms} days${
      invoice.dueDate ? ` (by ${formatDate(invoice.dueDate)})` : ''
    }. Please pay by bank transfer to:`;
    text(terms, left, doc.y + 3, { width: width() });
    doc.y += 3;
    for (const [label, value] of lines) {
      const y = doc.y + 1;
      doc.font(font.bold);
      text(`${label}: `, left, y, { width: width(), continued: true });
      doc.font(font.regular);
      doc.text(winAnsiSafe(value));
    }
    if (invoice.notes.trim()) {
      doc.font(font.italic).fontSize(9).fillColor(colour.muted);
      text(invoice.notes.trim(), left, doc.y + 8, { width: width() });
    }
  }

  function drawFooters() {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing in the margin must not start new pages.
      const saved = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: margin.left, right: margin.right };
      const y = doc.page.height - 40;
      rule(y - 8, 0.5);
      doc.font(font.regular).fontSize(8).fillColor(colour.muted);
      const one = { lineBreak: false, ellipsis: true, height: 12 } as const;
      text(`${provider.legalName}  ·  ${title} ${invoice.invoiceNumber}`, left, y, {
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

  function ensureSpace(height: number) {
    if (doc.y + height > bottom()) doc.addPage();
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
