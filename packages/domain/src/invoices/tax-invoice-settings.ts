import { z } from 'zod';

/**
 * A tenant's tax-invoice settings (issue 15 part 5, issue 17 `settings/tax-invoice`): who the
 * provider is on its invoices and claims, where it is paid, and who approves invoices. The GST rate,
 * payment terms and number prefix live in the tenant's billing configuration (spec shell section 3)
 * and are read and written with these through `/api/settings/tax-invoice`.
 */

/** The ATO's ABN check: subtract 1 from the first digit, weight, and the sum divides by 89. */
export function isValidAbn(abn: string): boolean {
  const digits = abn.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...digits].reduce((acc, ch, i) => acc + (Number(ch) - (i === 0 ? 1 : 0)) * weights[i]!, 0);
  return sum % 89 === 0;
}

export const abnMessage = 'Enter a valid ABN: 11 digits that pass the ABN check';

export const AbnSchema = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .refine(isValidAbn, abnMessage);

export const BankAccountSchema = z.object({
  accountName: z.string().trim().min(1, 'Enter the account name').max(100),
  bsb: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{6}$/.test(v), 'A BSB has 6 digits'),
  accountNumber: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .refine((v) => /^\d{5,10}$/.test(v), 'An account number has 5 to 10 digits'),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

/** What is stored in `tenants.tax_invoice`; every field may be missing until an admin fills it in. */
export const TaxInvoiceProfileSchema = z.object({
  legalName: z.string().trim().max(200).optional(),
  abn: AbnSchema.optional(),
  /** The NDIS provider registration number (the bulk payment request's RegistrationNumber). */
  ndisRegistrationNumber: z
    .string()
    .trim()
    .regex(/^\d{9,12}$/, 'An NDIS registration number has 9 to 12 digits')
    .optional(),
  address: z.string().trim().max(500).optional(),
  email: z.email().optional(),
  phone: z.string().trim().max(40).optional(),
  bank: BankAccountSchema.optional(),
  /**
   * Team leads may approve invoices of their teams' participants up to this amount; null means only
   * tenant admins approve (the default).
   */
  teamLeadApprovalLimitCents: z.number().int().min(0).nullable().optional(),
});
export type TaxInvoiceProfile = z.infer<typeof TaxInvoiceProfileSchema>;

/** An invoice number prefix: letters, digits and dashes, as `INV` in `INV-00042`. */
export const InvoicePrefixSchema = z
  .string()
  .trim()
  .min(1, 'Enter a prefix for invoice numbers')
  .max(10, 'A prefix has at most 10 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'A prefix has letters, digits and dashes only');

/** A value a person may leave empty: '' is stored as unset. */
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

const blankBank = (b: { accountName: string; bsb: string; accountNumber: string }) =>
  !b.accountName.trim() && !b.bsb.trim() && !b.accountNumber.trim();

/**
 * The bank account as a form holds it: all three fields empty means no account (null); otherwise
 * each is checked as BankAccountSchema checks it, the problem named on its own field.
 */
export const BankAccountInputSchema = z
  .object({ accountName: z.string(), bsb: z.string(), accountNumber: z.string() })
  .superRefine((bank, ctx) => {
    if (blankBank(bank)) return;
    const result = BankAccountSchema.safeParse(bank);
    if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  })
  .transform((bank) => (blankBank(bank) ? null : BankAccountSchema.parse(bank)));

/**
 * `PUT /api/settings/tax-invoice` and the settings page's form: the whole of the tax-invoice
 * settings. The legal name and ABN are required (no tax invoice without them); the other provider
 * details may be left empty. The GST rate is a fraction (0.1 is 10%). `nextInvoiceNumber` may only
 * move forward: numbers already given are never given again (a lower one is refused). `version` is the tenant's, as
 * `PATCH /api/tenants/current` takes it: when sent and stale the answer is 409.
 */
export const UpdateTaxInvoiceSettingsSchema = z.object({
  version: z.number().int().positive().optional(),
  legalName: z.string().trim().min(1, 'Enter the legal name of the provider').max(200),
  abn: AbnSchema,
  ndisRegistrationNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{9,12}$/.test(v), 'An NDIS registration number has 9 to 12 digits'),
  address: optionalText(500, 'The address has at most 500 characters'),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid e-mail address'),
  phone: optionalText(40, 'The phone number has at most 40 characters'),
  bank: BankAccountInputSchema.nullable(),
  teamLeadApprovalLimitCents: z
    .number()
    .int()
    .min(0, 'The approval limit cannot be negative')
    .max(100_000_000_00)
    .nullable(),
  gstRate: z.number().min(0, 'The GST rate cannot be negative').max(1, 'The GST rate is at most 100%'),
  paymentTerms: z
    .number()
    .int('Payment terms are whole days')
    .min(0, 'Payment terms cannot be negative')
    .max(365, 'Payment terms are at most 365 days'),
  invoicePrefix: InvoicePrefixSchema,
  /** Left out, the numbering carries on as it is (the page sends it only when changed). */
  nextInvoiceNumber: z.number().int().positive('The next number is at least 1').max(99_999_999).optional(),
});
export type UpdateTaxInvoiceSettingsInput = z.input<typeof UpdateTaxInvoiceSettingsSchema>;
export type UpdateTaxInvoiceSettings = z.output<typeof UpdateTaxInvoiceSettingsSchema>;

/** `GET /api/settings/tax-invoice`: the settings as stored, unset provider details as null. */
export const TaxInvoiceSettingsSchema = z.object({
  legalName: z.string().nullable(),
  abn: z.string().nullable(),
  ndisRegistrationNumber: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  // Plain strings, not BankAccountSchema: an answer is encoded, and its normalising transforms
  // cannot run backwards.
  bank: z.object({ accountName: z.string(), bsb: z.string(), accountNumber: z.string() }).nullable(),
  teamLeadApprovalLimitCents: z.number().int().nullable(),
  gstRate: z.number(),
  paymentTerms: z.number().int(),
  invoicePrefix: z.string(),
  /** The number the next invoice will take: the last one given plus 1. */
  nextInvoiceNumber: z.number().int().positive(),
  /** The tenant's version, to send back with a PUT. */
  version: z.number().int(),
});
export type TaxInvoiceSettings = z.infer<typeof TaxInvoiceSettingsSchema>;

export const taxInvoiceSettingsMessages = {
  numberTooLow: (next: number) =>
    `The next invoice number cannot be below ${next}: numbers already given are never reused`,
} as const;
