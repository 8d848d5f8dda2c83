import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { extractPdfText } from './pdf-extract-text';

/** `GET /api/cards/{id}/pdf` on the real app: refused while compliance fails, a real PDF once it passes. */
let t: TestApp;
let sunrise: string;
let bluegum: string;
let olivia: TestClient;
let jordanTeam: string;

/** The raw bytes of an answer (the harness client reads bodies as text). */
async function download(client: TestClient, url: string, tenant: string | null) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    cookies: client.cookies,
    headers: tenant ? { 'x-tenant-id': tenant } : {},
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    bytes: res.rawPayload,
    json: () => res.json(),
  };
}

/** Every required field of the incident report, as the form would send them. */
const completeIncidentReport = {
  'participant-name': '<p>Jordan Lee</p>',
  'participant-ndis': '430123456',
  'incident-date': '2025-03-01',
  'incident-time': '14:30',
  'incident-location': '<p>Westfield Parramatta food court</p>',
  'incident-description':
    '<p>Jordan became distressed when the fire alarm sounded.</p><p>He covered his ears and ran towards the exit.</p>',
  'immediate-actions': '<ul><li>Walked with Jordan to the quiet car park</li><li>Called his mother</li></ul>',
  injuries: '<p>None</p>',
  // Olivia fills the report, so the signature is hers: nobody signs in another's name.
  'reported-by-signature': {
    kind: 'typed',
    typed: 'Olivia Owner',
    signerName: 'Olivia Owner',
  },
};

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
  const teams = (await olivia.get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
});
afterAll(() => t.close());

describe('GET /api/cards/:id/pdf', () => {
  let card: { id: string; workItemId: string; version: number };

  beforeAll(async () => {
    const created = await olivia.post('/api/cards', {
      teamId: jordanTeam,
      title: 'Fire alarm at the shopping centre',
      templateId: 'incident-report',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    card = created.body.data;
  });

  it("refuses with 422 'Compliance required' while required fields are missing, and writes no audit entry", async () => {
    const res = await download(olivia, `/api/cards/${card.id}/pdf`, sunrise);
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'COMPLIANCE_REQUIRED', message: 'Compliance required' },
    });
    const audit = await olivia.get(`/api/cards/${card.id}/audit`);
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(['created']);
  });

  it('sends the PDF of a completed form: header, compliance, values and signature, and audits the export', async () => {
    const filled = await olivia.patch(`/api/cards/${card.id}`, {
      version: card.version,
      fieldValues: completeIncidentReport,
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect(filled.body.data.compliance).toMatchObject({ isCompliant: true, completion: 100 });

    const res = await download(olivia, `/api/cards/${card.id}/pdf`, sunrise);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${card.workItemId}-incident-report.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(res.headers['content-length'])).toBe(res.bytes.length);

    const { pages } = await extractPdfText(res.bytes);
    for (const page of pages) {
      expect(page).toContain('Sunrise Support Network');
      expect(page).toContain(card.workItemId);
      expect(page).toContain('Participant: Jordan Lee');
      expect(page).toContain('Incident Report (version 1.0)');
      expect(page).toMatch(/Generated \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m by Olivia Owner/);
    }
    const text = pages.join('\n');
    expect(text).toContain('Fire alarm at the shopping centre');
    expect(text).toContain('Compliance status: Compliant');
    expect(text).toContain('100% of required fields complete');
    expect(text).toContain('NDIS Number *\n430123456');
    expect(text).toContain('Incident Date *\n1 March 2025');
    expect(text).toContain('Jordan became distressed when the fire alarm sounded.\nHe covered his ears');
    expect(text).toMatch(/•\s*Walked with Jordan to the quiet car park/);
    // Who signed, in what role and when (the server's time), and that it still matches the form.
    expect(text).toMatch(
      /Reported By \*\nOlivia Owner\nSigned by Olivia Owner \(Owner\) on \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m\nMatches the form · form hash sha256:[0-9a-f]{16}…/,
    );
    expect(text).toContain('Page 1 of');

    const audit = await olivia.get(`/api/cards/${card.id}/audit`);
    const [latest] = audit.body.data;
    expect(latest).toMatchObject({
      action: 'exported',
      userName: 'Olivia Owner',
      changes: [],
      metadata: {
        format: 'pdf',
        fileName: `${card.workItemId}-incident-report.pdf`,
        templateId: 'incident-report',
        templateVersion: '1.0',
        bytes: res.bytes.length,
      },
    });
    // Exporting reads the card: it stays at the version the fill left it at.
    expect((await olivia.get(`/api/cards/${card.id}`)).body.data.version).toBe(filled.body.data.version);
  });

  it('takes the tenant from the query, so a plain link downloads it', async () => {
    const res = await download(olivia, `/api/cards/${card.id}/pdf?tenantId=${sunrise}`, null);
    expect(res.status).toBe(200);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('lets a support worker on the team export, and refuses a family guardian and other tenants with 404', async () => {
    const sophie = await t.as('sophie.support@sunrise.example');
    expect((await download(sophie, `/api/cards/${card.id}/pdf`, sunrise)).status).toBe(200);

    const fiona = await t.as('fiona.family@sunrise.example');
    const guardian = await download(fiona, `/api/cards/${card.id}/pdf`, sunrise);
    expect(guardian.status).toBe(404);
    expect(guardian.json().error).toEqual({ code: 'NOT_FOUND', message: 'Card not found' });

    const ben = await t.as('ben.owner@bluegum.example');
    const withSunrise = await download(ben, `/api/cards/${card.id}/pdf`, sunrise);
    expect(withSunrise.status).toBe(404);
    expect(withSunrise.json().error.message).toBe('Organisation not found');
    const viaQuery = await download(ben, `/api/cards/${card.id}/pdf?tenantId=${sunrise}`, null);
    expect(viaQuery.status).toBe(404);
    const underOwn = await download(ben, `/api/cards/${card.id}/pdf`, bluegum);
    expect(underOwn.status).toBe(404);
    expect(underOwn.json().error).toEqual({ code: 'NOT_FOUND', message: 'Card not found' });
    expect(underOwn.bytes.toString()).not.toContain('Jordan');

    const anonymous = await download(t.anonymous(), `/api/cards/${card.id}/pdf?tenantId=${sunrise}`, null);
    expect(anonymous.status).toBe(401);
  });

  it('refuses a card without a template with 400', async () => {
    const plain = await olivia.post('/api/cards', {
      teamId: jordanTeam,
      title: 'Book the accessible taxi',
      templateId: null,
    });
    expect(plain.status).toBe(201);
    expect(plain.body.data.templateId).toBeNull();
    const res = await download(olivia, `/api/cards/${plain.body.data.id}/pdf`, sunrise);
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'BAD_REQUEST', message: 'This card has no template to export' },
    });
  });

  it('refuses again once a required field is cleared (the stored compliance decides)', async () => {
    const current = (await olivia.get(`/api/cards/${card.id}`)).body.data;
    const cleared = await olivia.patch(`/api/cards/${card.id}`, {
      version: current.version,
      fieldValues: { 'incident-location': null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.compliance.isCompliant).toBe(false);
    const res = await download(olivia, `/api/cards/${card.id}/pdf`, sunrise);
    expect(res.status).toBe(422);
    expect(res.json().error.message).toBe('Compliance required');
  });

  it('answers 404 for a deleted card and an unknown id, 400 for a malformed one', async () => {
    const created = await olivia.post('/api/cards', {
      teamId: jordanTeam,
      title: 'Incident to delete',
      templateId: 'incident-report',
    });
    const gone = created.body.data;
    const deleted = await olivia.delete(`/api/cards/${gone.id}?version=${gone.version}`);
    expect([200, 204]).toContain(deleted.status);
    expect((await download(olivia, `/api/cards/${gone.id}/pdf`, sunrise)).status).toBe(404);
    expect(
      (await download(olivia, '/api/cards/0190f1c6-0000-7000-8000-000000000099/pdf', sunrise)).status,
    ).toBe(404);
    expect((await download(olivia, '/api/cards/not-a-uuid/pdf', sunrise)).status).toBe(400);
  });

  it('documents the route in the OpenAPI document as a binary PDF', async () => {
    const doc = (await t.anonymous().get('/api/openapi.json')).body;
    const op = doc.paths['/api/cards/{id}/pdf'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['application/pdf']);
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['id', 'tenantId']);
  });
});
