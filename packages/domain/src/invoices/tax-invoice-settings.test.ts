import { describe, expect, it } from 'vitest';
import { abnMessage, isValidAbn, UpdateTaxInvoiceSettingsSchema } from './tax-invoice-settings';

const valid = {
  legalName: 'Sunrise Support Services Pty Ltd',
  abn: '51 824 753 556',
  ndisRegistrationNumber: '4050012345',
  address: '12 Wattle Street, Parramatta NSW 2150',
  email: 'accounts@sunrise.example',
  phone: '',
  bank: { accountName: 'Sunrise Support Services', bsb: '062-000', accountNumber: '1234 5678' },
  teamLeadApprovalLimitCents: 500_00,
  gstRate: 0,
  paymentTerms: 30,
  invoicePrefix: 'INV',
};

const issues = (input: unknown) => {
  const result = UpdateTaxInvoiceSettingsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('UpdateTaxInvoiceSettingsSchema', () => {
  it('takes a complete form, normalising the ABN, BSB and account number', () => {
    const parsed = UpdateTaxInvoiceSettingsSchema.parse(valid);
    expect(parsed.abn).toBe('51824753556');
    expect(parsed.bank).toEqual({
      accountName: 'Sunrise Support Services',
      bsb: '062000',
      accountNumber: '12345678',
    });
    expect(parsed.nextInvoiceNumber).toBeUndefined();
  });

  it('refuses an ABN that fails the checksum, naming the ABN', () => {
    expect(isValidAbn('51824753557')).toBe(false);
    expect(issues({ ...valid, abn: '51 824 753 557' })).toEqual([`abn: ${abnMessage}`]);
    expect(issues({ ...valid, abn: '' })).toEqual([`abn: ${abnMessage}`]);
  });

  it('reads an all-empty bank account as none, and names each field of a partial one', () => {
    expect(
      UpdateTaxInvoiceSettingsSchema.parse({
        ...valid,
        bank: { accountName: '', bsb: '', accountNumber: '' },
      }).bank,
    ).toBeNull();
    expect(issues({ ...valid, bank: { accountName: 'Sunrise', bsb: '06200', accountNumber: '' } })).toEqual([
      'bank.bsb: A BSB has 6 digits',
      'bank.accountNumber: An account number has 5 to 10 digits',
    ]);
  });

  it('checks the provider details that may be empty only when given', () => {
    expect(issues({ ...valid, ndisRegistrationNumber: '', email: '', address: '' })).toEqual([]);
    expect(issues({ ...valid, ndisRegistrationNumber: '12AB', email: 'not-an-email' })).toEqual([
      'ndisRegistrationNumber: An NDIS registration number has 9 to 12 digits',
      'email: Enter a valid e-mail address',
    ]);
    expect(issues({ ...valid, legalName: ' ' })).toEqual(['legalName: Enter the legal name of the provider']);
  });

  it('bounds the GST rate, payment terms, prefix and next number', () => {
    expect(issues({ ...valid, gstRate: 1.5 })).toEqual(['gstRate: The GST rate is at most 100%']);
    expect(issues({ ...valid, paymentTerms: 400 })).toEqual([
      'paymentTerms: Payment terms are at most 365 days',
    ]);
    expect(issues({ ...valid, invoicePrefix: 'IN V' })).toEqual([
      'invoicePrefix: A prefix has letters, digits and dashes only',
    ]);
    expect(issues({ ...valid, nextInvoiceNumber: 0 })).toEqual([
      'nextInvoiceNumber: The next number is at least 1',
    ]);
    expect(issues({ ...valid, teamLeadApprovalLimitCents: null })).toEqual([]);
  });
});
