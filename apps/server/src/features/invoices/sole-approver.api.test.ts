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
    const submitted = await ben.post(`/api/invoices/${id}/submit`, {});
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.allowedActions).toEqual(['void', 'approve', 'reject']);
    // It waits for him on his approvals list too.
    const awaiting = await ben.get('/api/invoices?scope=awaiting-me');
    expect((awaiting.body.data as { id: string }[]).map((i) => i.id)).toContain(id);
    const approved = await ben.post(`/api/invoices/${id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe('approved');
  });

  it('is refused where another owner or admin can approve', async () => {
    const { client: adam, id } = await firstDraft('adam.admin@sunrise.example', sunrise);
    const draft = (await adam.get(`/api/invoices/${id}`)).body.data;
    expect(draft.allowedActions).toEqual(['edit', 'submit', 'void']);
    const submitted = await adam.post(`/api/invoices/${id}/submit`, {});
    expect(submitted.status).toBe(200);
    // Only void is left to him; Olivia is offered the decision.
    expect(submitted.body.data.allowedActions).toEqual(['void']);
    const adamsAwaiting = await adam.get('/api/invoices?scope=awaiting-me');
    expect((adamsAwaiting.body.data as { id: string }[]).map((i) => i.id)).not.toContain(id);
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const oliviasAwaiting = await olivia.get('/api/invoices?scope=awaiting-me&limit=100');
    expect((oliviasAwaiting.body.data as { id: string }[]).map((i) => i.id)).toContain(id);
    expect((await olivia.get(`/api/invoices/${id}`)).body.data.allowedActions).toEqual([
      'void',
      'approve',
      'reject',
    ]);
    const aria = (await t.as('aria.auditor@sunrise.example')).inTenant(sunrise);
    expect((await aria.get(`/api/invoices/${id}`)).body.data.allowedActions).toEqual([]);
    const refused = await adam.post(`/api/invoices/${id}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('You cannot approve an invoice you submitted');
  });
});
