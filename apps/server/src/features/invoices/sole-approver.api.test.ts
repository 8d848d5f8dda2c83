import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';

/**
 * Segregation of duties has one exception: an organisation whose only owner or admin submitted an
 * invoice may still approve it (Bluegum's demo has Ben Owner alone), while Sunrise, with several
 * admins, refuses the submitter's own approval.
 */
let t: TestApp;
let bluegum: string;
let sunrise: string;

beforeAll(async () => {
  t = await startTestApp();
  bluegum = await t.tenantId('Bluegum Disability Services');
  sunrise = await t.tenantId('Sunrise Support Network');
});
afterAll(() => t.close());

async function firstDraft(email: string, tenantId: string) {
  const client = (await t.as(email)).inTenant(tenantId);
  const list = await client.get('/api/invoices?status=draft&sort=number&order=asc');
  expect(list.status).toBe(200);
  const draft = (list.body.data as { id: string; hasErrors: boolean }[]).find((i) => !i.hasErrors)!;
  expect(draft).toBeDefined();
  return { client, id: draft.id };
}

describe('approving one’s own invoice', () => {
  it('is allowed to the organisation’s only owner or admin', async () => {
    const { client: ben, id } = await firstDraft('ben.owner@bluegum.example', bluegum);
    expect((await ben.post(`/api/invoices/${id}/submit`, {})).status).toBe(200);
    const approved = await ben.post(`/api/invoices/${id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe('approved');
  });

  it('is refused where another owner or admin can approve', async () => {
    const { client: adam, id } = await firstDraft('adam.admin@sunrise.example', sunrise);
    expect((await adam.post(`/api/invoices/${id}/submit`, {})).status).toBe(200);
    const refused = await adam.post(`/api/invoices/${id}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('You cannot approve an invoice you submitted');
  });
});
