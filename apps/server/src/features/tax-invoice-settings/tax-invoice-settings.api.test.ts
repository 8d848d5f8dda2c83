import { abnMessage, taxInvoiceSettingsMessages } from '@wattle/domain/invoices/tax-invoice-settings';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { invoiceCounters } from '../../db/schema/invoices';
import { tenants } from '../../db/schema/tenants';
import { demoTaxInvoiceProfiles } from '../../seed/demo-invoices';

/**
 * GET/PUT /api/settings/tax-invoice against the real app: who reads and writes, the ABN check, the
 * numbering that only moves forward, the tenant version and the audit trail.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
let internal: string;

const as = async (email: string, tenant = sunrise): Promise<TestClient> =>
  (await t.as(email)).inTenant(tenant);
const olivia = () => as('olivia.owner@sunrise.example');
const put = async (client: TestClient, payload: unknown) =>
  client.request({ method: 'PUT', url: '/api/settings/tax-invoice', payload: payload as never });

const settings = {
  legalName: 'Sunrise Support Network Ltd',
  abn: '51 824 753 556',
  ndisRegistrationNumber: '4050012345',
  address: '12 Wattle Street\nParramatta NSW 2150',
  email: 'accounts@sunrise.example',
  phone: '02 9000 1234',
  bank: { accountName: 'Sunrise Support Network', bsb: '082-001', accountNumber: '12345678' },
  teamLeadApprovalLimitCents: 1_000_00,
  gstRate: 0.1,
  paymentTerms: 14,
  invoicePrefix: 'SUN',
};

async function storedTenant(tenantId = sunrise) {
  const [row] = await t.readInTenant(tenantId, (tx) =>
    tx.select().from(tenants).where(eq(tenants.id, tenantId)),
  );
  return row!;
}

/** The number the next invoice takes, from the counter the numbering uses. */
async function nextNumberInDb(): Promise<number> {
  const [counter] = await t.readInTenant(sunrise, (tx) =>
    tx.select().from(invoiceCounters).where(eq(invoiceCounters.tenantId, sunrise)),
  );
  return (counter?.lastInvoiceNumber ?? 0) + 1;
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  internal = await t.tenantId('Wattle Platform');
});
afterAll(async () => {
  await t.close();
});

describe('tax-invoice settings', () => {
  it("reads the tenant's details, billing configuration and the number the next invoice takes", async () => {
    const res = await (await olivia()).get('/api/settings/tax-invoice');
    expect(res.status).toBe(200);
    const [counter] = await t.readInTenant(sunrise, (tx) =>
      tx.select().from(invoiceCounters).where(eq(invoiceCounters.tenantId, sunrise)),
    );
    // The demo's invoices have taken numbers already.
    expect(counter!.lastInvoiceNumber).toBeGreaterThan(0);
    expect(res.body.data).toEqual({
      ...demoTaxInvoiceProfiles.sunrise,
      phone: '02 9555 0142',
      gstRate: 0,
      paymentTerms: 30,
      invoicePrefix: 'INV',
      nextInvoiceNumber: counter!.lastInvoiceNumber + 1,
      version: (await storedTenant()).version,
    });
  });

  it('reads unset details as null, and number 1 before the first invoice', async () => {
    const sam = await as('sam.system@wattle.example', internal);
    const res = await sam.get('/api/settings/tax-invoice');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      legalName: null,
      abn: null,
      ndisRegistrationNumber: null,
      address: null,
      email: null,
      phone: null,
      bank: null,
      teamLeadApprovalLimitCents: null,
      // The internal tenant's billing (spec shell section 9).
      gstRate: 0.1,
      paymentTerms: 30,
      invoicePrefix: 'INV',
      nextInvoiceNumber: 1,
    });
  });

  it('refuses a bad ABN with a 400 naming the ABN, and writes nothing', async () => {
    const before = await storedTenant();
    const res = await put(await olivia(), { ...settings, abn: '51 824 753 557' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.message).toBe(abnMessage);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: ['abn'], message: abnMessage })]);
    const after = await storedTenant();
    expect(after.version).toBe(before.version);
    expect(after.taxInvoice).toEqual(before.taxInvoice);
  });

  it('saves the settings, bumps the tenant version, audits each change, and reads them back', async () => {
    const client = await olivia();
    const before = await storedTenant();
    const res = await put(client, { ...settings, version: before.version });
    expect(res.status).toBe(200);
    const expected = {
      ...settings,
      abn: '51824753556',
      bank: { accountName: 'Sunrise Support Network', bsb: '082001', accountNumber: '12345678' },
      nextInvoiceNumber: await nextNumberInDb(),
      version: before.version + 1,
    };
    expect(res.body.data).toEqual(expected);
    expect((await client.get('/api/settings/tax-invoice')).body.data).toEqual(expected);

    const stored = await storedTenant();
    expect(stored.taxInvoice).toMatchObject({ abn: '51824753556', ndisRegistrationNumber: '4050012345' });
    // The rest of the billing configuration is kept.
    expect(stored.billingConfig).toEqual({
      ...before.billingConfig,
      taxRate: 0.1,
      paymentTerms: 14,
      invoicePrefix: 'SUN',
    });
    // The tenant record carries the same billing configuration and version.
    const tenant = (await client.get('/api/tenants/current')).body.data;
    expect(tenant.version).toBe(before.version + 1);
    expect(tenant.billingConfig.invoicePrefix).toBe('SUN');

    const [entry] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'tenant'), eq(auditLog.action, 'tax-invoice-settings-updated')))
        .orderBy(desc(auditLog.at))
        .limit(1),
    );
    expect(entry?.actorName).toBe('Olivia Owner');
    const fields = (entry?.changes ?? []).map((c) => c.field);
    expect(fields).toEqual(
      expect.arrayContaining(['legalName', 'abn', 'bsb', 'gstRate', 'paymentTerms', 'invoicePrefix']),
    );
    expect(fields).not.toContain('nextInvoiceNumber');
    expect(entry?.changes).toContainEqual({ field: 'abn', oldValue: '33445566717', newValue: '51824753556' });
  });

  it('answers a stale version with 409 and the current settings', async () => {
    const res = await put(await olivia(), { ...settings, phone: '02 9999 0000', version: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toMatchObject({ phone: '02 9000 1234', abn: '51824753556' });
    expect((await storedTenant()).taxInvoice.phone).toBe('02 9000 1234');
  });

  it('saves nothing and keeps the version when nothing changed', async () => {
    const before = await storedTenant();
    const res = await put(await olivia(), settings);
    expect(res.status).toBe(200);
    expect(res.body.data.version).toBe(before.version);
  });

  it('clears details left empty, and takes no bank account as none', async () => {
    const client = await olivia();
    const res = await put(client, {
      ...settings,
      phone: '',
      ndisRegistrationNumber: '',
      bank: { accountName: '', bsb: '', accountNumber: '' },
      teamLeadApprovalLimitCents: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      phone: null,
      ndisRegistrationNumber: null,
      bank: null,
      teamLeadApprovalLimitCents: null,
    });
    const stored = (await storedTenant()).taxInvoice;
    expect(stored).not.toHaveProperty('phone');
    expect(stored).not.toHaveProperty('bank');
    // Put them back for the tests after.
    expect((await put(client, settings)).status).toBe(200);
  });

  it('moves the next invoice number forward only, never onto a number already given', async () => {
    const client = await olivia();
    const target = (await nextNumberInDb()) + 100;
    const res = await put(client, { ...settings, nextInvoiceNumber: target });
    expect(res.status).toBe(200);
    expect(res.body.data.nextInvoiceNumber).toBe(target);
    expect(await nextNumberInDb()).toBe(target);

    const back = await put(client, { ...settings, nextInvoiceNumber: target - 1 });
    expect(back.status).toBe(400);
    expect(back.body.error.message).toBe(taxInvoiceSettingsMessages.numberTooLow(target));
    expect(back.body.error.details).toEqual([
      { path: ['nextInvoiceNumber'], message: taxInvoiceSettingsMessages.numberTooLow(target) },
    ]);
    expect(await nextNumberInDb()).toBe(target);
    // The same number again is no change; leaving it out keeps it.
    expect((await put(client, { ...settings, nextInvoiceNumber: target })).body.data.nextInvoiceNumber).toBe(
      target,
    );
    expect((await put(client, settings)).body.data.nextInvoiceNumber).toBe(target);
    expect((await client.get('/api/settings/tax-invoice')).body.data.nextInvoiceNumber).toBe(target);
  });

  it('names each invalid field: registration number, e-mail, partial bank account, GST, terms, prefix', async () => {
    const res = await put(await olivia(), {
      ...settings,
      ndisRegistrationNumber: '12',
      email: 'nope',
      bank: { accountName: 'Sunrise', bsb: '1', accountNumber: '12345678' },
      gstRate: 2,
      paymentTerms: -1,
      invoicePrefix: 'A B',
    });
    expect(res.status).toBe(400);
    const paths = (res.body.error.details as { path: string[] }[]).map((d) => d.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'ndisRegistrationNumber',
        'email',
        'bank.bsb',
        'gstRate',
        'paymentTerms',
        'invoicePrefix',
      ]),
    );
  });

  it('lets admins and auditors read; only those who manage the tenant write', async () => {
    const adam = await as('adam.admin@sunrise.example');
    expect((await adam.get('/api/settings/tax-invoice')).status).toBe(200);
    expect((await put(adam, { ...settings, phone: '02 9000 5678' })).status).toBe(200);

    const aria = await as('aria.auditor@sunrise.example');
    const read = await aria.get('/api/settings/tax-invoice');
    expect(read.status).toBe(200);
    expect(read.body.data.abn).toBe('51824753556');
    expect((await put(aria, { ...settings, phone: '1' })).status).toBe(403);

    for (const email of [
      'lee.lead@sunrise.example',
      'sophie.support@sunrise.example',
      'fiona.family@sunrise.example',
    ]) {
      const client = await as(email);
      expect((await client.get('/api/settings/tax-invoice')).status, email).toBe(403);
      expect((await put(client, { ...settings, phone: '1' })).status, email).toBe(403);
    }
    expect((await storedTenant()).taxInvoice.phone).toBe('02 9000 5678');
  });

  it("keeps each tenant's settings its own", async () => {
    // Olivia is not in Bluegum: 404 like any tenant she cannot enter.
    expect((await (await olivia()).inTenant(bluegum).get('/api/settings/tax-invoice')).status).toBe(404);
    // Sunrise's writes above left Bluegum's as the demo made them.
    expect((await storedTenant(bluegum)).taxInvoice).toEqual(demoTaxInvoiceProfiles.bluegum);
  });
});
