import { describe, expect, it } from 'vitest';
import { dayMonthYear } from './dates';
import { xeroInvoiceColumns, xeroInvoiceRows, xeroPaymentRows } from './xero-export';

describe('Xero export', () => {
  it('writes one template row per line, tax exclusive, with the Australian tax rates', () => {
    const rows = xeroInvoiceRows({
      invoiceNumber: 'INV-00042',
      payer: { kind: 'plan-manager', name: 'Plan Partners', email: 'claims@planpartners.example' },
      participantName: 'Jordan Lee',
      ndisNumber: '430123456',
      issueDate: '2026-11-25',
      dueDate: '2026-12-25',
      totalCents: 21069,
      lines: [
        {
          supportItemNumber: '01_011_0107_1_1',
          supportItemName: 'Assistance With Self-Care Activities - Standard - Weekday Daytime',
          description: '',
          serviceDateFrom: '2026-11-02',
          serviceDateTo: '2026-11-02',
          quantity: 2,
          unitPriceCents: 7023,
          gstCode: 'P2',
          gstCents: 0,
        },
        {
          supportItemNumber: '15_037_0117_1_3',
          supportItemName: 'Report writing',
          description: 'Progress report',
          serviceDateFrom: '2026-11-01',
          serviceDateTo: '2026-11-07',
          quantity: 0.5,
          unitPriceCents: 12805,
          gstCode: 'P1',
          gstCents: 640,
        },
      ],
    });
    const named = rows.map((row) => Object.fromEntries(xeroInvoiceColumns.map((c, i) => [c, row[i]])));
    expect(rows.every((row) => row.length === xeroInvoiceColumns.length)).toBe(true);
    expect(named[0]).toMatchObject({
      '*ContactName': 'Plan Partners',
      EmailAddress: 'claims@planpartners.example',
      '*InvoiceNumber': 'INV-00042',
      Reference: 'Jordan Lee (NDIS 430123456)',
      '*InvoiceDate': '25/11/2026',
      '*DueDate': '25/12/2026',
      Total: '210.69',
      '*Description':
        '01_011_0107_1_1 Assistance With Self-Care Activities - Standard - Weekday Daytime, 02/11/2026',
      '*Quantity': '2.00',
      '*UnitAmount': '70.23',
      '*AccountCode': '200',
      '*TaxType': 'GST Free Income',
      TaxAmount: '0.00',
      Currency: 'AUD',
    });
    expect(named[1]).toMatchObject({
      '*Description': '15_037_0117_1_3 Report writing, 01/11/2026 to 07/11/2026 (Progress report)',
      '*Quantity': '0.50',
      '*TaxType': 'GST on Income',
      TaxAmount: '6.40',
    });
  });

  it('writes payments as statement lines naming their invoice', () => {
    expect(
      xeroPaymentRows([
        {
          date: '2026-11-30',
          amountCents: 14046,
          payerName: 'NDIA',
          reference: 'CLM-00001',
          invoiceNumber: 'INV-00042',
          source: 'ndia',
        },
      ]),
    ).toEqual([
      ['30/11/2026', '140.46', 'NDIA', 'CLM-00001', 'INV-00042', 'NDIA claim payment for INV-00042'],
    ]);
    expect(dayMonthYear('2027-01-05')).toBe('05/01/2027');
  });
});
