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
