import { oneSchema } from '@wattle/domain/api/envelope';
import {
  TaxInvoiceSettingsSchema,
  UpdateTaxInvoiceSettingsSchema,
} from '@wattle/domain/invoices/tax-invoice-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTenant } from '../../http/tenant-scope';
import { readTaxInvoiceSettings } from './read-tax-invoice-settings';
import { updateTaxInvoiceSettings } from './update-tax-invoice-settings';

const tags = ['settings'];

/** The tenant's tax-invoice settings (issue 17 `settings/tax-invoice`; issue 15 part 5). */
export const taxInvoiceSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/tax-invoice',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Who the provider is on its invoices and NDIA claims (legal name, ABN, NDIS registration number, address, e-mail, phone, bank account), the team leads' approval limit (null: only admins approve), and from the billing configuration the GST rate (a fraction: 0.1 is 10%), payment terms in days and the invoice number prefix, with the number the next invoice takes. Unset details are null. Readers: read:invoices or manage:tenant (tenant admins, auditors); others 403.",
        response: { 200: oneSchema(TaxInvoiceSettingsSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => readTaxInvoiceSettings(ctx));
      return { success: true as const, data };
    },
  );

  app.put(
    '/api/settings/tax-invoice',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Replaces the tax-invoice settings (manage:tenant). Legal name and ABN are required; the ABN must pass the ATO checksum, else 400 VALIDATION_FAILED 'Enter a valid ABN: 11 digits that pass the ABN check' (details[].path ['abn']). Other provider details may be '' (unset); the bank account is null, three empty fields (none), or all three valid. nextInvoiceNumber, when sent, only moves forward: below the next number 400 naming the lowest allowed. version (the tenant's), when sent and stale, answers 409 with the current settings. Bumps the tenant version; audited; announced as a live 'tax-invoice-settings' event.",
        body: UpdateTaxInvoiceSettingsSchema,
        response: { 200: oneSchema(TaxInvoiceSettingsSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => updateTaxInvoiceSettings(ctx, request.body));
      return { success: true as const, data };
    },
  );
};
