import { diffFields } from '@wattle/domain/audit/schemas';
import {
  type TaxInvoiceProfile,
  type TaxInvoiceSettings,
  taxInvoiceSettingsMessages,
  type UpdateTaxInvoiceSettings,
} from '@wattle/domain/invoices/tax-invoice-settings';
import { eq } from 'drizzle-orm';
import { invoiceCounters } from '../../db/schema/invoices';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';
import { toTaxInvoiceSettings } from './read-tax-invoice-settings';

/** The live event of a change: open settings pages (and anything reading the tenant) fetch again. */
export const taxInvoiceSettingsEntity = 'tax-invoice-settings';

/**
 * `PUT /api/settings/tax-invoice` (manage:tenant): writes the provider details to `tenants.tax_invoice`
 * and the GST rate, payment terms and prefix to the billing configuration, bumping the tenant's
 * version as every tenant settings write does (a stale `version` answers 409 with the current
 * settings). The next invoice number only moves forward, by raising the counter the invoice numbering
 * takes its numbers from (row-locked there, so a concurrent invoice waits for this write); a number
 * at or below one already given is refused. One audit entry holds every changed field.
 */
export async function updateTaxInvoiceSettings(
  ctx: TenantContext,
  input: UpdateTaxInvoiceSettings,
): Promise<TaxInvoiceSettings> {
  requireTenantPermission(ctx, 'manage:tenant');
  const [current] = await ctx.tx.select().from(tenants).where(eq(tenants.id, ctx.tenantId)).for('update');
  if (!current) throw new AppError('NOT_FOUND', 'Organisation not found');

  const last = await lockInvoiceCounter(ctx);
  if (input.version !== undefined && input.version !== current.version) {
    throw new AppError(
      'CONFLICT',
      'Someone else changed these settings first',
      toTaxInvoiceSettings(current, last),
    );
  }
  if (input.nextInvoiceNumber !== undefined && input.nextInvoiceNumber < last + 1) {
    throw new AppError('VALIDATION_FAILED', taxInvoiceSettingsMessages.numberTooLow(last + 1), [
      { path: ['nextInvoiceNumber'], message: taxInvoiceSettingsMessages.numberTooLow(last + 1) },
    ]);
  }

  const taxInvoice: TaxInvoiceProfile = withoutBlanks({
    legalName: input.legalName,
    abn: input.abn,
    ndisRegistrationNumber: input.ndisRegistrationNumber,
    address: input.address,
    email: input.email,
    phone: input.phone,
    bank: input.bank ?? undefined,
    teamLeadApprovalLimitCents: input.teamLeadApprovalLimitCents,
  });
  const billingConfig = {
    ...current.billingConfig,
    taxRate: input.gstRate,
    paymentTerms: input.paymentTerms,
    invoicePrefix: input.invoicePrefix,
  };
  const nextNumber = input.nextInvoiceNumber ?? last + 1;
  const changes = diffFields(
    { ...flatSettings(toTaxInvoiceSettings(current, last)) },
    {
      ...flatSettings(
        toTaxInvoiceSettings({ taxInvoice, billingConfig, version: current.version }, nextNumber - 1),
      ),
    },
  );
  if (changes.length === 0) return toTaxInvoiceSettings(current, last);

  const [updated] = await ctx.tx
    .update(tenants)
    .set({ taxInvoice, billingConfig, version: current.version + 1, updatedAt: new Date() })
    .where(eq(tenants.id, ctx.tenantId))
    .returning({
      taxInvoice: tenants.taxInvoice,
      billingConfig: tenants.billingConfig,
      version: tenants.version,
    });
  if (nextNumber - 1 > last) {
    await ctx.tx
      .update(invoiceCounters)
      .set({ lastInvoiceNumber: nextNumber - 1 })
      .where(eq(invoiceCounters.tenantId, ctx.tenantId));
  }
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'tenant',
    entityId: ctx.tenantId,
    action: 'tax-invoice-settings-updated',
    changes,
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'updated', entity: taxInvoiceSettingsEntity, id: ctx.tenantId, version: updated!.version },
  });
  return toTaxInvoiceSettings(updated!, nextNumber - 1);
}

/**
 * The last invoice number given, with the counter's row locked to the end of the transaction: an
 * invoice being created meanwhile waits, so none takes a number between the check and the write.
 */
async function lockInvoiceCounter(ctx: TenantContext): Promise<number> {
  await ctx.tx.insert(invoiceCounters).values({ tenantId: ctx.tenantId }).onConflictDoNothing();
  const [row] = await ctx.tx
    .select({ last: invoiceCounters.lastInvoiceNumber })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.tenantId, ctx.tenantId))
    .for('update');
  return row?.last ?? 0;
}

/** Empty text is an unset detail: it is left out of the stored profile. */
function withoutBlanks(profile: Record<string, unknown>): TaxInvoiceProfile {
  return Object.fromEntries(
    Object.entries(profile).filter(([, v]) => v !== undefined && !(typeof v === 'string' && v.trim() === '')),
  ) as TaxInvoiceProfile;
}

/** The settings as audited: one field per detail, the bank account's three apart. */
function flatSettings(settings: TaxInvoiceSettings): Record<string, unknown> {
  const { bank, version: _version, ...rest } = settings;
  return {
    ...rest,
    bankAccountName: bank?.accountName ?? null,
    bsb: bank?.bsb ?? null,
    bankAccountNumber: bank?.accountNumber ?? null,
  };
}
