import type { TaxInvoiceSettings } from '@wattle/domain/invoices/tax-invoice-settings';
import { abnMessage } from '@wattle/domain/invoices/tax-invoice-settings';
import { describe, expect, it } from 'vitest';
import {
  rateToPercent,
  TaxInvoiceFormSchema,
  type TaxInvoiceFormValues,
  toTaxInvoiceForm,
  toTaxInvoiceUpdate,
} from './tax-invoice-form';

const saved: TaxInvoiceSettings = {
  legalName: 'Sunrise Support Network Pty Ltd',
  abn: '51824753556',
  ndisRegistrationNumber: '4050012345',
  address: '12 Wattle Street',
  email: 'accounts@sunrise.example',
  phone: null,
  bank: { accountName: 'Sunrise', bsb: '062000', accountNumber: '12345678' },
  teamLeadApprovalLimitCents: 50_000,
  gstRate: 0.1,
  paymentTerms: 30,
  invoicePrefix: 'INV',
  nextInvoiceNumber: 42,
  version: 7,
};

const issuesOf = (values: TaxInvoiceFormValues) => {
  const result = TaxInvoiceFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the tax-invoice settings form', () => {
  it('shows saved settings as people read them: ABN grouped, BSB with a dash, GST as %, dollars', () => {
    const form = toTaxInvoiceForm(saved);
    expect(form).toMatchObject({
      abn: '51 824 753 556',
      phone: '',
      bank: { bsb: '062-000' },
      gstPercent: '10',
      paymentTerms: '30',
      nextInvoiceNumber: '42',
      approvalRule: 'team-leads',
      approvalLimit: '500.00',
    });
    expect(toTaxInvoiceForm({ ...saved, bank: null, teamLeadApprovalLimitCents: null })).toMatchObject({
      bank: { accountName: '', bsb: '', accountNumber: '' },
      approvalRule: 'admins',
      approvalLimit: '',
    });
    expect(rateToPercent(0.125)).toBe('12.5');
  });

  it('turns the form back into the PUT body, the next number only when it was changed', () => {
    const values = TaxInvoiceFormSchema.parse({ ...toTaxInvoiceForm(saved), gstPercent: '12.5' });
    const body = toTaxInvoiceUpdate(values, 7, false);
    expect(body).toEqual({
      legalName: 'Sunrise Support Network Pty Ltd',
      abn: '51824753556',
      ndisRegistrationNumber: '4050012345',
      address: '12 Wattle Street',
      email: 'accounts@sunrise.example',
      phone: '',
      bank: { accountName: 'Sunrise', bsb: '062000', accountNumber: '12345678' },
      teamLeadApprovalLimitCents: 50_000,
      gstRate: 0.125,
      paymentTerms: 30,
      invoicePrefix: 'INV',
      version: 7,
    });
    expect(toTaxInvoiceUpdate(values, 7, true).nextInvoiceNumber).toBe(42);
    const adminsOnly = TaxInvoiceFormSchema.parse({ ...toTaxInvoiceForm(saved), approvalRule: 'admins' });
    expect(adminsOnly.teamLeadApprovalLimitCents).toBeNull();
  });

  it("names each field's problem with the domain's words", () => {
    const form = toTaxInvoiceForm(saved);
    expect(issuesOf({ ...form, abn: '51 824 753 557' })).toEqual([`abn: ${abnMessage}`]);
    expect(
      issuesOf({
        ...form,
        gstPercent: 'ten',
        paymentTerms: '400',
        nextInvoiceNumber: '0',
        bank: { accountName: 'Sunrise', bsb: '12', accountNumber: '12345678' },
      }),
    ).toEqual([
      'bank.bsb: A BSB has 6 digits',
      'gstPercent: Enter the GST rate as a percentage, e.g. 10',
      'paymentTerms: Payment terms are at most 365 days',
      'nextInvoiceNumber: The next number is at least 1',
    ]);
    expect(issuesOf({ ...form, gstPercent: '150' })).toEqual(['gstPercent: The GST rate is at most 100%']);
    expect(issuesOf({ ...form, approvalLimit: 'lots' })).toEqual([
      'approvalLimit: Enter the amount team leads may approve, e.g. 500.00',
    ]);
  });
});
