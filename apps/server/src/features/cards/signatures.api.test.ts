import { signedValuesHash } from '@wattle/domain/templates/signatures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { extractPdfText } from './pdf-extract-text';

/**
 * Signatures bound to the signer (issue 18 item 2, decision 0021), on the real app: the server
 * records who signed (id, name, role), when and a hash of what they signed; nobody signs in
 * another's name; role-bound fields refuse other roles; a changed value unsettles a signature.
 */
let t: TestApp;
let sunrise: string;
let jordanTeam: string;
const userIds = new Map<string, string>();

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  priya: 'priya.practitioner@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
} as const;
type Person = keyof typeof emails;

async function as(person: Person): Promise<TestClient> {
  return (await t.as(emails[person])).inTenant(sunrise);
}

async function newCard(person: Person, body: Record<string, unknown>) {
  const res = await (await as(person)).post('/api/cards', { teamId: jordanTeam, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function patch(person: Person, id: string, body: Record<string, unknown>) {
  return (await as(person)).patch(`/api/cards/${id}`, body);
}

async function read(id: string) {
  return (await (await as('olivia')).get(`/api/cards/${id}`)).body.data;
}

async function auditOf(id: string) {
  return (await (await as('olivia')).get(`/api/cards/${id}/audit`)).body.data as any[];
}

const typed = (name: string, signerName = name) => ({ kind: 'typed', typed: name, signerName });

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  const teams = (await (await as('olivia')).get('/api/teams')).body.data as any[];
  const jordan = teams.find((x) => x.name === "Jordan's Care Team");
  jordanTeam = jordan.id;
  for (const member of jordan.members) userIds.set(member.email, member.userId);
});
afterAll(() => t.close());

describe('nobody signs in another name', () => {
  it("refuses Lee signing the practitioner's signature as Priya Practitioner (the issue's scenario), storing nothing", async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan: forged signature' });
    const drawn = {
      kind: 'drawn',
      image:
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      signerName: 'Priya Practitioner',
    };
    const forged = await patch('lee', card.id, {
      version: card.version,
      fieldValues: { 'practitioner-signature': drawn },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Only a clinician (a Practitioner or Therapist on the team, or an organisation admin) may sign "Practitioner Signature".',
    });
    const kept = await read(card.id);
    expect(kept.version).toBe(card.version);
    expect(kept.fieldValues['practitioner-signature']).toBeUndefined();
    expect(kept.compliance.issues[0]).toMatchObject({
      severity: 'critical',
      description: 'Digital signature required for NDIS compliance',
    });
    // Nor when creating the card with it.
    const created = await (await as('lee')).post('/api/cards', {
      teamId: jordanTeam,
      title: 'Behaviour support plan: forged at creation',
      fieldValues: { 'practitioner-signature': drawn },
    });
    expect(created.status).toBe(403);
  });

  it("refuses a signer name or typed signature other than the signed-in person's own", async () => {
    const card = await newCard('sophie', {
      title: 'Incident report: own name',
      templateId: 'incident-report',
    });
    const asPriya = await patch('sophie', card.id, {
      version: card.version,
      fieldValues: { 'reported-by-signature': typed('Sophie Support', 'Priya Practitioner') },
    });
    expect(asPriya.status).toBe(403);
    expect(asPriya.body.error.message).toBe(
      'You can only sign "Reported By" in your own name (Sophie Support), not as Priya Practitioner.',
    );
    const typedAsPriya = await patch('sophie', card.id, {
      version: card.version,
      fieldValues: { 'reported-by-signature': typed('Priya Practitioner', 'Sophie Support') },
    });
    expect(typedAsPriya.status).toBe(403);
    expect(typedAsPriya.body.error.message).toBe(
      'A typed signature is your own name: type Sophie Support to sign "Reported By".',
    );
    // Her own name, however she spaces or capitalises it, is hers.
    const own = await patch('sophie', card.id, {
      version: card.version,
      fieldValues: { 'reported-by-signature': typed('sophie  SUPPORT', ' Sophie Support ') },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.fieldValues['reported-by-signature']).toMatchObject({
      signerName: 'Sophie Support',
      recordedBy: { userId: userIds.get(emails.sophie), name: 'Sophie Support', role: 'Support Worker' },
    });
  });
});

describe('what the server records', () => {
  it("takes the signer, role, time and hash from the session and its own clock, never the client's", async () => {
    const card = await newCard('priya', {
      title: 'Behaviour support plan: recorded',
      fieldValues: { 'participant-name': 'Jordan Lee' },
    });
    const before = Date.now();
    const res = await patch('priya', card.id, {
      version: card.version,
      fieldValues: {
        'plan-date': '2026-03-01',
        'practitioner-signature': {
          ...typed('Priya Practitioner'),
          signedAt: '2000-01-01T00:00:00.000Z',
          recordedBy: { userId: 'someone-else', name: 'Someone Else', role: 'Global admin' },
          valuesHash: `sha256:${'0'.repeat(64)}`,
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const signature = res.body.data.fieldValues['practitioner-signature'];
    const bsp = (await (await as('priya')).get('/api/templates/comprehensive-bsp')).body.data;
    expect(signature).toEqual({
      kind: 'typed',
      typed: 'Priya Practitioner',
      signerName: 'Priya Practitioner',
      signedAt: expect.any(String),
      recordedBy: { userId: userIds.get(emails.priya), name: 'Priya Practitioner', role: 'Practitioner' },
      // The values as saved by this same request: the plan date is signed too.
      valuesHash: signedValuesHash(bsp, { 'participant-name': 'Jordan Lee', 'plan-date': '2026-03-01' }),
    });
    expect(Date.parse(signature.signedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(signature.signedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(res.body.data.compliance.issues.some((i: any) => i.fieldId === 'practitioner-signature')).toBe(
      false,
    );

    const [entry] = await auditOf(card.id);
    expect(entry.changes).toContainEqual({
      field: 'fieldValues.practitioner-signature',
      oldValue: null,
      newValue: {
        kind: 'typed',
        signerName: 'Priya Practitioner',
        signedAt: signature.signedAt,
        recordedBy: signature.recordedBy,
        valuesHash: signature.valuesHash,
        state: 'matches',
      },
    });
  });

  it('records who captured a consent signature besides the participant or guardian named', async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan: consent' });
    // Lee may not sign as a clinician, but may capture Jordan's consent, and is recorded doing so.
    const res = await patch('lee', card.id, {
      version: card.version,
      fieldValues: {
        'participant-consent': typed('Jordan Lee'),
        'guardian-consent': typed('Sam Lee'),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lee = { userId: userIds.get(emails.lee), name: 'Lee Lead', role: 'Team Lead' };
    expect(res.body.data.fieldValues['participant-consent']).toMatchObject({
      signerName: 'Jordan Lee',
      recordedBy: lee,
    });
    expect(res.body.data.fieldValues['guardian-consent']).toMatchObject({
      signerName: 'Sam Lee',
      recordedBy: lee,
    });
    // A typed consent signature is the named person's name.
    const mismatch = await patch('lee', card.id, {
      version: res.body.data.version,
      fieldValues: { 'guardian-consent': typed('Someone', 'Sam Lee') },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe(
      'A typed signature for "Guardian Consent" is the signer\'s name: type Sam Lee.',
    );
  });
});

describe('role-bound signatures', () => {
  it('lets clinicians and organisation admins sign the practitioner signature, and only them clear it', async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan: roles' });
    for (const person of ['sophie', 'lee'] as const) {
      const res = await patch(person, card.id, {
        version: card.version,
        fieldValues: { 'practitioner-signature': typed(person === 'lee' ? 'Lee Lead' : 'Sophie Support') },
      });
      expect(res.status, person).toBe(403);
    }
    const byPriya = await patch('priya', card.id, {
      version: card.version,
      fieldValues: { 'practitioner-signature': typed('Priya Practitioner') },
    });
    expect(byPriya.status, JSON.stringify(byPriya.body)).toBe(200);
    expect(byPriya.body.data.fieldValues['practitioner-signature'].recordedBy.role).toBe('Practitioner');
    const byOlivia = await patch('olivia', card.id, {
      version: byPriya.body.data.version,
      fieldValues: { 'practitioner-signature': typed('Olivia Owner') },
    });
    expect(byOlivia.status).toBe(200);
    expect(byOlivia.body.data.fieldValues['practitioner-signature'].recordedBy.role).toBe('Owner');
    const cleared = await patch('lee', card.id, {
      version: byOlivia.body.data.version,
      fieldValues: { 'practitioner-signature': null },
    });
    expect(cleared.status).toBe(403);
    expect((await read(card.id)).fieldValues['practitioner-signature'].signerName).toBe('Olivia Owner');
  });

  it('takes a role rule from a custom template', async () => {
    const created = await (await as('olivia')).post('/api/templates', {
      name: 'Clinical Sign-off',
      category: 'assessment',
      fields: [
        { id: 'notes', name: 'Notes', type: 'text', required: true, order: 1, ndisStandard: false },
        {
          id: 'sign-off',
          name: 'Clinical Sign-off',
          type: 'signature',
          required: true,
          order: 2,
          ndisStandard: false,
          signature: { signer: 'self', requiredRole: 'clinician' },
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.fields[1].signature).toEqual({ signer: 'self', requiredRole: 'clinician' });
    const card = await newCard('sophie', { title: 'Sign-off', templateId: created.body.data.id });
    const bySophie = await patch('sophie', card.id, {
      version: card.version,
      fieldValues: { 'sign-off': typed('Sophie Support') },
    });
    expect(bySophie.status).toBe(403);
    expect(bySophie.body.error.message).toContain('may sign "Clinical Sign-off"');
    expect(
      (
        await patch('priya', card.id, {
          version: card.version,
          fieldValues: { 'sign-off': typed('Priya Practitioner') },
        })
      ).status,
    ).toBe(200);
  });
});

describe('a changed value unsettles a signature', () => {
  it('marks the signature as no longer matching in compliance and the audit, and re-signing settles it', async () => {
    const card = await newCard('sophie', {
      title: 'Incident report: changed after signing',
      templateId: 'incident-report',
      fieldValues: { 'incident-location': 'Kitchen' },
    });
    const signed = await patch('sophie', card.id, {
      version: card.version,
      fieldValues: { 'reported-by-signature': typed('Sophie Support') },
    });
    expect(signed.body.data.compliance.issues.some((i: any) => i.type === 'signature-mismatch')).toBe(false);
    const signature = signed.body.data.fieldValues['reported-by-signature'];

    // Lee changes a signed value: the signature stays, but no longer matches the form.
    const changed = await patch('lee', card.id, {
      version: signed.body.data.version,
      fieldValues: { 'incident-location': 'Garden' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.fieldValues['reported-by-signature']).toEqual(signature);
    expect(changed.body.data.compliance.issues).toContainEqual({
      id: 'signature-mismatch:reported-by-signature',
      type: 'signature-mismatch',
      severity: 'high',
      description:
        '"Reported By" no longer matches the form: a signed value changed after signing. Sign again.',
      fieldId: 'reported-by-signature',
    });
    const [entry] = await auditOf(card.id);
    expect(entry).toMatchObject({
      userName: 'Lee Lead',
      metadata: { signaturesNoLongerMatching: ['reported-by-signature'] },
    });
    expect(entry.changes).toContainEqual(
      expect.objectContaining({
        field: 'fieldValues.reported-by-signature',
        oldValue: expect.objectContaining({ signerName: 'Sophie Support', state: 'matches' }),
        newValue: expect.objectContaining({ signerName: 'Sophie Support', state: 'changed' }),
      }),
    );

    // Lee cannot settle it by re-sending Sophie's signature: that would be signing as her.
    const resent = await patch('lee', card.id, {
      version: changed.body.data.version,
      fieldValues: { 'reported-by-signature': { ...signature, valuesHash: undefined } },
    });
    expect(resent.status).toBe(403);
    // Sophie signs again over the new values.
    const resigned = await patch('sophie', card.id, {
      version: changed.body.data.version,
      fieldValues: { 'reported-by-signature': typed('Sophie Support') },
    });
    expect(resigned.status).toBe(200);
    expect(resigned.body.data.compliance.issues.some((i: any) => i.type === 'signature-mismatch')).toBe(
      false,
    );
  });

  it('a critical issue for the NDIS practitioner signature: Save for review is refused until it is signed again', async () => {
    const card = await newCard('priya', {
      title: 'Behaviour support plan: critical mismatch',
      fieldValues: {
        'participant-name': 'Jordan Lee',
        'practitioner-signature': typed('Priya Practitioner'),
      },
    });
    expect(card.compliance.issues.some((i: any) => i.severity === 'critical')).toBe(false);
    const changed = await patch('priya', card.id, {
      version: card.version,
      fieldValues: { 'participant-name': 'Jordan M. Lee' },
    });
    expect(changed.body.data.compliance.issues[0]).toMatchObject({
      id: 'signature-mismatch:practitioner-signature',
      severity: 'critical',
    });
    const submitted = await patch('priya', card.id, { version: changed.body.data.version, submit: true });
    expect(submitted.status).toBe(422);
    expect(submitted.body.error.code).toBe('COMPLIANCE_REQUIRED');
  });

  it('the PDF says who signed in what role and marks a signature that no longer matches', async () => {
    const created = await (await as('olivia')).post('/api/templates', {
      name: 'Visit Record',
      category: 'assessment',
      fields: [
        {
          id: 'visit-notes',
          name: 'Visit Notes',
          type: 'text',
          required: true,
          order: 1,
          ndisStandard: false,
        },
        {
          id: 'worker-signature',
          name: 'Worker Signature',
          type: 'signature',
          required: true,
          order: 2,
          ndisStandard: false,
        },
        {
          id: 'witness-signature',
          name: 'Witness Signature',
          type: 'signature',
          required: false,
          order: 3,
          ndisStandard: false,
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const card = await newCard('sophie', {
      title: 'Visit record',
      templateId: created.body.data.id,
      fieldValues: { 'visit-notes': 'Checked the smoke alarm', 'witness-signature': typed('Sam Lee') },
    });
    // The notes change after the witness signed; Sophie signs the final version.
    const edited = await patch('sophie', card.id, {
      version: card.version,
      fieldValues: { 'visit-notes': 'Checked and replaced the smoke alarm' },
    });
    const signed = await patch('sophie', card.id, {
      version: edited.body.data.version,
      fieldValues: { 'worker-signature': typed('Sophie Support') },
    });
    expect(signed.body.data.compliance.issues).toEqual([
      expect.objectContaining({ id: 'signature-mismatch:witness-signature', severity: 'medium' }),
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cards/${card.id}/pdf`,
      cookies: (await as('sophie')).cookies,
      headers: { 'x-tenant-id': sunrise },
    });
    expect(res.statusCode).toBe(200);
    const text = (await extractPdfText(res.rawPayload)).pages.join('\n');
    expect(text).toMatch(
      /Worker Signature \*\nSophie Support\nSigned by Sophie Support \(Support Worker\) on .+\nMatches the form/,
    );
    expect(text).toMatch(
      /Witness Signature\nSam Lee\nSigned by Sam Lee, captured by Sophie Support \(Support Worker\) on .+\nNo longer matches the form/,
    );
  });
});
