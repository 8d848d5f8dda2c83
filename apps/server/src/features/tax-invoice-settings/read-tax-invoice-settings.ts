import { can } from '@wattle/domain/auth/permissions';
import type { TaxInvoiceSettings } from '@wattle/domain/invoices/tax-invoice-settings';
import { eq } from 'drizzle-orm';
import { invoiceCounters } from '../../db/schema/invoices';
import { tenants } from '../../db/schema/tenants';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';

/**
 * Who may read the tax-invoice settings: those who read the tenant's invoices (admins, auditors) and
 * those who manage the tenant. Only the latter write them (update-tax-invoice-settings.ts).
 */
export function requireTaxInvoiceSettingsReader(ctx: Pick<TenantContext, 'tenantRole'>): void {
  if (!can(ctx.tenantRole, 'read:invoices') && !can(ctx.tenantRole, 'manage:tenant')) throw forbidden();
}

export type TenantBillingRow = Pick<typeof tenants.$inferSelect, 'taxInvoice' | 'billingConfig' | 'version'>;

/** The last invoice number the tenant has given (0 before its first invoice). */
export async function lastInvoiceNumber(ctx: Pick<TenantContext, 'tx' | 'tenantId'>): Promise<number> {
  const [row] = await ctx.tx
    .select({ last: invoiceCounters.lastInvoiceNumber })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.tenantId, ctx.tenantId));
  return row?.last ?? 0;
}

/** The settings as `GET /api/settings/tax-invoice` answers them, from the tenant row and its counter. */
export function toTaxInvoiceSettings(row: TenantBillingRow, last: number): TaxInvoiceSettings {
  const profile = row.taxInvoice;
  return {
    legalName: profile.legalName ?? null,
    abn: profile.abn ?? null,
    ndisRegistrationNumber: profile.ndisRegistrationNumber ?? null,
    address: profile.address ?? null,
    email: profile.email ?? null,
    phone: profile.phone ?? null,
    bank: profile.bank ?? null,
    teamLeadApprovalLimitCents: profile.teamLeadApprovalLimitCents ?? null,
    gstRate: row.billingConfig.taxRate,
    paymentTerms: row.billingConfig.paymentTerms,
    invoicePrefix: row.billingConfig.invoicePrefix,
    nextInvoiceNumber: last + 1,
    version: row.version,
  };
}

export async function readTaxInvoiceSettings(ctx: TenantContext): Promise<TaxInvoiceSettings> {
  requireTaxInvoiceSettingsReader(ctx);
  const [row] = await ctx.tx
    .select({
      taxInvoice: tenants.taxInvoice,
      billingConfig: tenants.billingConfig,
      version: tenants.version,
    })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  if (!row) throw new AppError('NOT_FOUND', 'Organisation not found');
  return toTaxInvoiceSettings(row, await lastInvoiceNumber(ctx));
}
