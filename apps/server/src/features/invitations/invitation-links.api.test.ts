import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient, testActor } from '../../../test/harness';
import { acceptOpenInvitations } from '../../auth/oidc-users';
import { auditLog } from '../../db/schema/audit';
import { invitations, memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { startTestSmtpServer, type TestSmtpServer } from '../../mail/test-smtp-server';

/**
 * Invitation links end to end, with e-mail through a real SMTP server started here: the message
 * arrives with its link, the link shows where it leads and accepts exactly once, for exactly the
 * invited address; resent links replace the old, withdrawn and expired ones stop working, and sign-in
 * no longer matches them either.
 */

let smtp: TestSmtpServer;
let t: TestApp;
let sunrise: string;
let jordanTeam: string;
let lee: TestClient;

const linkPattern = /https:\/\/wattle\.test\/invite\/([\w-]{43})/;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://wattle.test' } });
  sunrise = await t.tenantId('Sunrise Support Network');
  lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
  const teams = (await lee.get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Lee invites someone new to Jordan's team; answers the invitation and the token from its e-mail. */
async function invite(email: string, role = 'Practitioner') {
  const res = await lee.post(`/api/teams/${jordanTeam}/members`, { email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mail = await smtp.nextMail();
  const token = mail.text.match(linkPattern)?.[1];
  if (!token) throw new Error(`no link in the e-mail:\n${mail.text}`);
  return { invitation: res.body.data.invitation, mail, token };
}

/** A person who signs up after being invited (an account with no organisation), signed in. */
async function newPerson(email: string, name: string): Promise<TestClient> {
  await t.database.db.insert(users).values({ email, name });
  return t.signIn(email);
}

describe('invitation e-mails and links', () => {
  it('e-mails the link, shows where it leads, and accepts it once for the invited address', async () => {
    const { invitation, mail, token } = await invite('Casey.New@Example.com');
    expect(invitation).toMatchObject({
      teamId: jordanTeam,
      name: 'casey.new',
      email: 'casey.new@example.com',
      role: 'Practitioner',
      status: 'pending',
      emailed: true,
      inviteUrl: null,
    });
    expect(Date.parse(invitation.expiresAt) - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    expect(mail.to).toEqual(['casey.new@example.com']);
    expect(mail.from).toBe('no-reply@wattle.invalid');
    expect(mail.text).toContain("Subject: Lee Lead invited you to join Jordan's Care Team at Sunrise");
    expect(mail.text).toContain('as Practitioner on Wattle');
    expect(mail.text).toMatch(/expires on \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(mail.text).toContain('<a href="https://wattle.test/invite/');

    // The team lists it, without its link.
    const listed = await lee.get(`/api/teams/${jordanTeam}/invitations`);
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({ id: invitation.id, status: 'pending', inviteUrl: null, emailed: false }),
    );

    const casey = await newPerson('casey.new@example.com', 'Casey New');
    const link = await casey.get(`/api/invitations/link/${token}`);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data).toMatchObject({
      tenantId: sunrise,
      tenantName: 'Sunrise Support Network',
      teamId: jordanTeam,
      teamName: "Jordan's Care Team",
      role: 'Practitioner',
      email: 'casey.new@example.com',
      invitedByName: 'Lee Lead',
      status: 'pending',
      isForMe: true,
    });

    // Someone else holding the link sees where it leads but cannot take it.
    const sophie = await t.as('sophie.support@sunrise.example');
    expect((await sophie.get(`/api/invitations/link/${token}`)).body.data).toMatchObject({ isForMe: false });
    const stolen = await sophie.post('/api/invitations/accept', { token });
    expect(stolen.status).toBe(403);
    expect(stolen.body.error.message).toBe('This invitation was sent to a different e-mail address');

    const accepted = await casey.post('/api/invitations/accept', { token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ tenantId: sunrise, teamId: jordanTeam });
    expect(accepted.body.data.teamSlug).toMatch(/^jordan-s-care-team/);

    const tenants = (await casey.get('/api/tenants')).body.data as { id: string; role: string }[];
    expect(tenants).toContainEqual(expect.objectContaining({ id: sunrise, role: 'member' }));
    const team = (await casey.inTenant(sunrise).get(`/api/teams/${jordanTeam}`)).body.data;
    expect(team.members).toContainEqual(
      expect.objectContaining({ email: 'casey.new@example.com', role: 'Practitioner' }),
    );
    expect(team.myRole).toBe('team-member');

    const again = await casey.post('/api/invitations/accept', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This invitation has already been accepted');
    expect((await casey.get(`/api/invitations/link/${token}`)).body.data.status).toBe('accepted');
    const after = await lee.get(`/api/teams/${jordanTeam}/invitations`);
    expect(after.body.data.map((i: { id: string }) => i.id)).not.toContain(invitation.id);

    const [entry] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, invitation.id), eq(auditLog.action, 'accepted'))),
    );
    expect(entry).toMatchObject({ entity: 'invitation', actorName: 'Casey New' });
  });

  it('replaces the link on resend, and a withdrawn link stops working', async () => {
    const { invitation, token: first } = await invite('dana.new@example.com', 'Support Worker');
    const resent = await lee.post(`/api/invitations/${invitation.id}/resend`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data).toMatchObject({
      id: invitation.id,
      status: 'pending',
      emailed: true,
      inviteUrl: null,
    });
    expect(resent.body.data.lastSentAt).not.toBeNull();
    const second = (await smtp.nextMail()).text.match(linkPattern)![1]!;
    expect(second).not.toBe(first);

    const dana = await newPerson('dana.new@example.com', 'Dana New');
    const old = await dana.get(`/api/invitations/link/${first}`);
    expect(old.status).toBe(404);
    expect(old.body.error.message).toBe('Invitation not found');
    expect((await dana.get(`/api/invitations/link/${second}`)).body.data.status).toBe('pending');

    expect((await lee.delete(`/api/invitations/${invitation.id}`)).status).toBe(200);
    expect((await dana.get(`/api/invitations/link/${second}`)).body.data.status).toBe('revoked');
    const refused = await dana.post('/api/invitations/accept', { token: second });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('This invitation has been withdrawn');
    expect((await lee.post(`/api/invitations/${invitation.id}/resend`)).body.error.message).toBe(
      'This invitation has been withdrawn',
    );
    expect((await lee.delete(`/api/invitations/${invitation.id}`)).status).toBe(404);

    // Withdrawn is recorded, not deleted.
    const [row] = await t.readInTenant(sunrise, (tx) =>
      tx.select().from(invitations).where(eq(invitations.id, invitation.id)),
    );
    expect(row!.revokedAt).not.toBeNull();
    const [entry] = await t.readInTenant(sunrise, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.entityId, invitation.id)).orderBy(desc(auditLog.at)),
    );
    expect(entry).toMatchObject({ action: 'revoked', actorName: 'Lee Lead' });

    // Sign-in does not take a withdrawn invitation either.
    const me = (await dana.get('/api/me')).body.data;
    const actor = testActor({ id: me.id, email: 'dana.new@example.com', name: 'Dana New' });
    expect(await acceptOpenInvitations(t.database.db, actor, t.app.log)).toEqual([]);
  });

  it('refuses an expired link until it is resent', async () => {
    const { invitation, token } = await invite('erin.new@example.com');
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, invitation.id)),
    );
    const erin = await newPerson('erin.new@example.com', 'Erin New');
    expect((await erin.get(`/api/invitations/link/${token}`)).body.data.status).toBe('expired');
    const refused = await erin.post('/api/invitations/accept', { token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('This invitation has expired');
    const listed = await lee.get(`/api/teams/${jordanTeam}/invitations`);
    expect(listed.body.data.map((i: { id: string }) => i.id)).not.toContain(invitation.id);
    const me = (await erin.get('/api/me')).body.data;
    const actor = testActor({ id: me.id, email: 'erin.new@example.com', name: 'Erin New' });
    expect(await acceptOpenInvitations(t.database.db, actor, t.app.log)).toEqual([]);

    const resent = await lee.post(`/api/invitations/${invitation.id}/resend`);
    expect(resent.body.data.status).toBe('pending');
    const fresh = (await smtp.nextMail()).text.match(linkPattern)![1]!;
    expect((await erin.post('/api/invitations/accept', { token: fresh })).status).toBe(200);
    const [membership] = await t.readInTenant(sunrise, (tx) =>
      tx.select().from(memberships).where(eq(memberships.userId, me.id)),
    );
    expect(membership?.role).toBe('member');
  });

  it('matches a pending invitation at sign-in, as before', async () => {
    await invite('finn.new@example.com', 'Therapist');
    const finn = await newPerson('finn.new@example.com', 'Finn New');
    const me = (await finn.get('/api/me')).body.data;
    const actor = testActor({ id: me.id, email: 'finn.new@example.com', name: 'Finn New' });
    expect(await acceptOpenInvitations(t.database.db, actor, t.app.log)).toHaveLength(1);
    const team = (await finn.inTenant(sunrise).get(`/api/teams/${jordanTeam}`)).body.data;
    expect(team.members).toContainEqual(
      expect.objectContaining({ email: 'finn.new@example.com', role: 'Therapist' }),
    );
  });

  it('answers 404 for a link that does not exist', async () => {
    const sophie = await t.as('sophie.support@sunrise.example');
    const token = 'x'.repeat(43);
    expect((await sophie.get(`/api/invitations/link/${token}`)).status).toBe(404);
    const res = await sophie.post('/api/invitations/accept', { token });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Invitation not found');
  });
});

describe('an SMTP server that cannot be reached', () => {
  it('keeps the invitation and hands the link back to copy', async () => {
    const down = await startTestSmtpServer();
    await down.close();
    const app = await startTestApp({ env: { SMTP_URL: down.url } });
    try {
      const tenant = await app.tenantId('Sunrise Support Network');
      const olivia = (await app.as('olivia.owner@sunrise.example')).inTenant(tenant);
      const teams = (await olivia.get('/api/teams')).body.data as { id: string; name: string }[];
      const mia = teams.find((x) => x.name === "Mia's Care Team")!.id;
      const res = await olivia.post(`/api/teams/${mia}/members`, { email: 'gina.new@example.com' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.invitation).toMatchObject({ role: 'Support Worker', emailed: false });
      expect(res.body.data.invitation.inviteUrl).toMatch(/^http:\/\/localhost(:80)?\/invite\/[\w-]{43}$/);
      const listed = await olivia.get(`/api/teams/${mia}/invitations`);
      expect(listed.body.data.map((i: { email: string }) => i.email)).toContain('gina.new@example.com');
    } finally {
      await app.close();
    }
  });
});
