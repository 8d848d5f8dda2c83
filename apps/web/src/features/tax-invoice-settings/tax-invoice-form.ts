import {
  type TaxInvoiceSettings,
  type UpdateTaxInvoiceSettingsInput,
  UpdateTaxInvoiceSettingsSchema,
} from '@wattle/domain/invoices/tax-invoice-settings';
import { parseDollarsToCents } from '@wattle/domain/participants/plans';
import { z } from 'zod';

/**
 * The tax-invoice settings form: every field as text ('' for nothing yet), the GST rate as a
 * percentage, the approval rule as a choice with a dollar limit. The schema checks them with the
 * domain's own field schemas (so the ABN, BSB and the rest say what the server would) and turns them
 * into `PUT /api/settings/tax-invoice`'s body.
 */

export type ApprovalRule = 'admins' | 'team-leads';

export interface TaxInvoiceFormValues {
  legalName: string;
  abn: string;
  ndisRegistrationNumber: string;
  address: string;
  email: string;
  phone: string;
  bank: { accountName: string; bsb: string; accountNumber: string };
  gstPercent: string;
  paymentTerms: string;
  invoicePrefix: string;
  nextInvoiceNumber: string;
  approvalRule: ApprovalRule;
  approvalLimit: string;
}

/** 0.1 → "10"; 0.125 → "12.5". */
export function rateToPercent(rate: number): string {
  return String(Math.round(rate * 10_000) / 100);
}

/** 50000 → "500.00", the dollars a person reads and types. */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The ABN as the ATO groups it (51 824 753 556), for reading and typing. */
export function groupAbn(abn: string): string {
  const d = abn.replace(/\s/g, '');
  return /^\d{11}$/.test(d) ? `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}` : abn;
}

export function toTaxInvoiceForm(settings: TaxInvoiceSettings): TaxInvoiceFormValues {
  return {
    legalName: settings.legalName ?? '',
    abn: settings.abn ? groupAbn(settings.abn) : '',
    ndisRegistrationNumber: settings.ndisRegistrationNumber ?? '',
    address: settings.address ?? '',
    email: settings.email ?? '',
    phone: settings.phone ?? '',
    bank: {
      accountName: settings.bank?.accountName ?? '',
      bsb: settings.bank ? `${settings.bank.bsb.slice(0, 3)}-${settings.bank.bsb.slice(3)}` : '',
      accountNumber: settings.bank?.accountNumber ?? '',
    },
    gstPercent: rateToPercent(settings.gstRate),
    paymentTerms: String(settings.paymentTerms),
    invoicePrefix: settings.invoicePrefix,
    nextInvoiceNumber: String(settings.nextInvoiceNumber),
    approvalRule: settings.teamLeadApprovalLimitCents === null ? 'admins' : 'team-leads',
    approvalLimit:
      settings.teamLeadApprovalLimitCents === null ? '' : centsToDollars(settings.teamLeadApprovalLimitCents),
  };
}

const fields = UpdateTaxInvoiceSettingsSchema.shape;

/** A number typed as text, then checked by the domain's schema of that field. */
function numberText<T extends z.ZodType<number>>(schema: T, notANumber: string, scale = 1) {
  return z.string().transform((text, ctx) => {
    const trimmed = text.trim();
    const value = trimmed === '' ? Number.NaN : Number(trimmed);
    if (!Number.isFinite(value)) {
      ctx.addIssue({ code: 'custom', message: notANumber });
      return z.NEVER;
    }
    const parsed = schema.safeParse(Math.round((value / scale) * 1e6) / 1e6);
    if (parsed.success) return parsed.data as number;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

export const TaxInvoiceFormSchema = z
  .object({
    legalName: fields.legalName,
    abn: fields.abn,
    ndisRegistrationNumber: fields.ndisRegistrationNumber,
    address: fields.address,
    email: fields.email,
    phone: fields.phone,
    bank: fields.bank.unwrap(),
    gstPercent: numberText(fields.gstRate, 'Enter the GST rate as a percentage, e.g. 10', 100),
    paymentTerms: numberText(fields.paymentTerms, 'Enter the payment terms in days'),
    invoicePrefix: fields.invoicePrefix,
    nextInvoiceNumber: numberText(fields.nextInvoiceNumber.unwrap(), 'Enter the next invoice number'),
    approvalRule: z.enum(['admins', 'team-leads']),
    approvalLimit: z.string(),
  })
  .transform((values, ctx) => {
    let teamLeadApprovalLimitCents: number | null = null;
    if (values.approvalRule === 'team-leads') {
      teamLeadApprovalLimitCents = parseDollarsToCents(values.approvalLimit);
      if (teamLeadApprovalLimitCents === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['approvalLimit'],
          message: 'Enter the amount team leads may approve, e.g. 500.00',
        });
        return z.NEVER;
      }
    }
    const { approvalRule: _rule, approvalLimit: _limit, gstPercent, ...rest } = values;
    return { ...rest, gstRate: gstPercent, teamLeadApprovalLimitCents };
  });
export type TaxInvoiceFormOutput = z.output<typeof TaxInvoiceFormSchema>;

/**
 * The PUT body: the form's values with the version the edit started from. The next number goes only
 * when the person changed it, so an invoice made meanwhile does not turn an unchanged number into a
 * refusal.
 */
export function toTaxInvoiceUpdate(
  values: TaxInvoiceFormOutput,
  version: number,
  isNextNumberChanged: boolean,
): UpdateTaxInvoiceSettingsInput {
  const { nextInvoiceNumber, ...rest } = values;
  return { ...rest, version, ...(isNextNumberChanged ? { nextInvoiceNumber } : {}) };
}
