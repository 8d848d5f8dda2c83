import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import type { TaxInvoiceProvider } from './render-tax-invoice';

/**
 * The provider as its invoices name it: the tenant's tax-invoice settings, with the organisation's
 * name standing in for a legal name not yet entered, and its logo when it is one the PDF can draw.
 */
export async function readTaxInvoiceProvider(ctx: TenantContext): Promise<TaxInvoiceProvider> {
  const [row] = await ctx.tx
    .select({ name: tenants.name, logoUrl: tenants.logoUrl, taxInvoice: tenants.taxInvoice })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  if (!row) throw new AppError('NOT_FOUND', 'Organisation not found');
  const { taxInvoice } = row;
  return {
    legalName: taxInvoice.legalName?.trim() || row.name,
    abn: taxInvoice.abn,
    ndisRegistrationNumber: taxInvoice.ndisRegistrationNumber,
    address: taxInvoice.address,
    email: taxInvoice.email,
    phone: taxInvoice.phone,
    bank: taxInvoice.bank,
    logo: row.logoUrl,
  };
}
