import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../cards/pdf-extract-text';
import {
  formatAbn,
  formatBsb,
  formatQuantity,
  invoicePdfFileName,
  renderTaxInvoicePdf,
  taxInvoiceTitle,
} from './render-tax-invoice';
import { testInvoice as invoice, testInvoiceLine as line, testProvider as provider } from './test-invoice';

describe('renderTaxInvoicePdf', () => {
  it('prints the provider, payer, participant, every line and the totals, read back by pdf.js', async () => {
    const lines = [
      line(),
      line({
        supportItemNumber: '04_104_0125_6_1',
        supportItemName: 'Access Community Social and Rec Activ - Standard - Weekday Daytime',
        description: '',
        serviceDateFrom: '2026-11-03',
        serviceDateTo: '2026-11-05',
        quantity: 1.5,
        unitPriceCents: 7023,
        amountCents: 10535,
        totalCents: 10535,
      }),
      line({
        supportItemNumber: '05_122203111_0103_1_2',
        supportItemName: 'Shower chair',
        description: 'Equipment',
        quantity: 1,
        unit: 'E',
        unitPriceCents: 12000,
        gstCode: 'P1',
        amountCents: 12000,
        gstCents: 1200,
        totalCents: 13200,
      }),
    ];
    const inv = invoice(lines);
    const pdf = await renderTaxInvoicePdf(inv, provider);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, info } = await extractPdfText(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(info.Title).toBe('Tax Invoice INV-00042');
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Sunrise Support Services Pty Ltd');
    expect(text).toContain('ABN: 51 824 753 556');
    expect(text).toContain('NDIS registration number: 4050012345');
    expect(text).toContain('Parramatta NSW 2150');
    expect(text).toContain('INV-00042');
    expect(text).toContain('16 November 2026');
    expect(text).toContain('16 December 2026');
    expect(text).toContain('Plan Partners');
    expect(text).toContain('invoices@planpartners.example');
    expect(text).toContain('Jordan Lee');
    expect(text).toContain('NDIS number: 430000001');
    for (const l of lines) expect(text).toContain(l.supportItemNumber);
    expect(text).toContain('Morning routine');
    expect(text).toMatch(/03\/11\/2026 to\s+05\/11\/2026/);
    expect(text).toContain('$105.35');
    expect(text).toMatch(/Period:\s*02\/11\/2026 to 15\/11\/2026/);
    expect(text).toContain('1.5 h');
    expect(text).toContain('$70.23');
    expect(text).toContain('GST-free');
    expect(text).toContain('$12.00'); // the P1 line's GST
    expect(text).toContain('$132.00');
    // Subtotal 140.46 + 105.35 + 120.00; GST 12.00; total 377.81; paid 50.00; balance 327.81.
    expect(text).toMatch(/Subtotal\s*\$365\.81/);
    expect(text).toMatch(/GST \(10%\)\s*\$12\.00/);
    expect(text).toMatch(/Total \(including GST\)\s*\$377\.81/);
    expect(text).toMatch(/Amount paid\s*\$50\.00/);
    expect(text).toMatch(/Balance due\s*\$327\.81/);
    expect(text).toContain('Payment due within 30 days');
    expect(text).toContain('Account name: Sunrise Support Services');
    expect(text).toContain('BSB: 062-000');
    expect(text).toContain('Account number: 12345678');
    expect(text).toContain('Payment reference: INV-00042');
  });

  it('says "Invoice", not "Tax Invoice", when no line carries GST', async () => {
    const inv = invoice([line()], { gstRate: 0 });
    expect(taxInvoiceTitle(inv)).toBe('Invoice');
    const { pages, info } = await extractPdfText(await renderTaxInvoicePdf(inv, provider));
    expect(info.Title).toBe('Invoice INV-00042');
    expect(pages[0]).not.toContain('Tax Invoice');
    expect(pages[0]).toContain('No GST applies');
    expect(pages[0]).toMatch(/Total\s*\$140\.46/);
  });

  it('says what the provider has not filled in rather than leaving blanks', async () => {
    const { pages } = await extractPdfText(
      await renderTaxInvoicePdf(invoice([line()], { issueDate: null, dueDate: null }), {
        legalName: 'New Provider',
      }),
    );
    expect(pages[0]).toContain('ABN: Not set');
    expect(pages[0]).toContain('NDIS registration number: Not set');
    expect(pages[0]).toContain('BSB: Not set');
    expect(pages[0]).toMatch(/Issue date:\s*Not yet issued/);
    expect(pages[0]).toMatch(/Due date:\s*30 days from issue/);
  });

  it("prints the organisation's logo, a JPEG as well as a PNG, and leaves out one it cannot read", async () => {
    // A 1×1 JPEG: embedded as it is (DCTDecode).
    const jpeg =
      'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';
    const withJpeg = (await renderTaxInvoicePdf(invoice([line()]), { ...provider, logo: jpeg })).toString(
      'latin1',
    );
    expect(withJpeg).toContain('/DCTDecode');
    const broken = 'data:image/jpeg;base64,AAAA';
    const withBroken = await renderTaxInvoicePdf(invoice([line()]), { ...provider, logo: broken });
    expect(withBroken.toString('latin1')).not.toContain('/Subtype /Image');
    expect((await extractPdfText(withBroken)).pages[0]).toContain(provider.legalName);
  });

  it('breaks 200 lines over pages, each with the table head, no row split or lost', async () => {
    const lines = Array.from({ length: 200 }, (_, i) =>
      line({
        supportItemNumber: `01_011_0107_1_1`,
        description: `Visit ${String(i + 1).padStart(3, '0')}${i % 7 === 0 ? ' with a longer note that wraps onto a second line of the description cell' : ''}`,
        amountCents: 1000 + i,
        totalCents: 1000 + i,
      }),
    );
    const inv = invoice(lines);
    const { pages } = await extractPdfText(await renderTaxInvoicePdf(inv, provider));
    expect(pages.length).toBeGreaterThan(4);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i < pages.length - 1 || page.includes('Visit')) expect(page).toContain('Support item');
    });
    const all = pages.join('\n');
    for (let i = 1; i <= 200; i++) {
      const visit = new RegExp(`Visit\\s+${String(i).padStart(3, '0')}\\b`, 'g');
      // Each visit on exactly one page, once.
      expect(pages.map((p) => p.match(visit)?.length ?? 0).filter((n) => n > 0)).toEqual([1]);
    }
    const total = lines.reduce((s, l) => s + l.totalCents, 0);
    expect(all).toContain(`$${(total / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`);
    expect(pages.at(-1)).toContain('Payment reference: INV-00042');
  });
});

describe('invoice PDF formatting', () => {
  it('formats the ABN, BSB, quantities and file name', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatBsb('062000')).toBe('062-000');
    expect(formatQuantity(1.5, 'H')).toBe('1.5 h');
    expect(formatQuantity(0.25, 'H')).toBe('0.25 h');
    expect(formatQuantity(3, 'E')).toBe('3');
    expect(invoicePdfFileName({ invoiceNumber: 'INV-00001' })).toBe('INV-00001.pdf');
    expect(invoicePdfFileName({ invoiceNumber: 'A/B 1' })).toBe('A-B-1.pdf');
  });
});
