import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { listenForChanges } from '../events/change-feed';

/**
 * Team configuration (issue 13 part 6): rename, archive and bring back with a version; members'
 * roles and removal with the last-Team-Lead rule; adding by e-mail; pending invitations (who sees,
 * resends and withdraws them); sharing with guests. Without an SMTP server, as most installs start.
 */

let t: TestApp;
let sunrise: string;
const team: Record<'jordan' | 'mia' | 'community', string> = { jordan: '', mia: '', community: '' };
const user: Record<string, string> = {};

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  priya: 'priya.practitioner@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  theo: 'theo.therapist@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
} as const;

async function as(person: keyof typeof emails): Promise<TestClient> {
  return (await t.as(emails[person])).inTenant(sunrise);
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  const teams = (await (await as('olivia')).get('/api/teams')).body.data as {
    id: string;
    name: string;
    members: { userId: string; email: string }[];
  }[];
  team.jordan = teams.find((x) => x.name === "Jordan's Care Team")!.id;
  team.mia = teams.find((x) => x.name === "Mia's Care Team")!.id;
  team.community = teams.find((x) => x.name === 'Community Access Team')!.id;
  for (const member of teams.flatMap((x) => x.members)) user[member.email] = member.userId;
});
afterAll(() => t.close());

const rolesOf = (body: { data: { members: { email: string; role: string }[] } }) =>
  Object.fromEntries(body.data.members.map((m) => [m.email, m.role]));

describe('PATCH /api/teams/{id}', () => {
  it('renames, archives and brings back a team from its version, audited and announced', async () => {
    const lee = await as('lee');
    const before = (await lee.get(`/api/teams/${team.community}`)).body.data;
    const messages: { event: unknown }[] = [];
    const stop = await listenForChanges(t.database, (p) => messages.push(JSON.parse(p ?? '{}')), {
      warn: () => undefined,
    } as never);
    let renamed: { status: number; body: any };
    try {
      renamed = await lee.patch(`/api/teams/${team.community}`, {
        version: before.version,
        name: 'Community Outings',
      });
      const until = Date.now() + 5000;
      while (messages.length < 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await stop();
    }
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'Community Outings',
      slug: before.slug,
      version: before.version + 1,
    });
    expect(messages.map((m) => m.event)).toEqual([
      { type: 'updated', entity: 'team', id: team.community, version: before.version + 1 },
    ]);

    const stale = await lee.patch(`/api/teams/${team.community}`, {
      version: before.version,
      name: 'Too late',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(
      'Someone else changed this team since you opened it. Review their changes and try again.',
    );
    expect(stale.body.error.details.current).toMatchObject({
      name: 'Community Outings',
      version: before.version + 1,
    });

    const archived = await lee.patch(`/api/teams/${team.community}`, {
      version: before.version + 1,
      status: 'archived',
    });
    expect(archived.body.data).toMatchObject({ status: 'archived', version: before.version + 2 });
    const same = await lee.patch(`/api/teams/${team.community}`, {
      version: before.version + 2,
      status: 'archived',
    });
    expect(same.body.data.version).toBe(before.version + 2);
    const back = await lee.patch(`/api/teams/${team.community}`, {
      version: before.version + 2,
      status: 'active',
    });
    expect(back.body.data).toMatchObject({ status: 'active', version: before.version + 3 });

    const entries = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ action: auditLog.action, changes: auditLog.changes, actorName: auditLog.actorName })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'team'), eq(auditLog.entityId, team.community)))
        .orderBy(desc(auditLog.at), desc(auditLog.id)),
    );
    expect(entries.slice(0, 3)).toEqual([
      {
        action: 'restored',
        changes: [{ field: 'status', oldValue: 'archived', newValue: 'active' }],
        actorName: 'Lee Lead',
      },
      {
        action: 'archived',
        changes: [{ field: 'status', oldValue: 'active', newValue: 'archived' }],
        actorName: 'Lee Lead',
      },
      {
        action: 'updated',
        changes: [{ field: 'name', oldValue: 'Community Access Team', newValue: 'Community Outings' }],
        actorName: 'Lee Lead',
      },
    ]);
  });

  it('is for the team’s leads and tenant admins', async () => {
    const version = (await (await as('olivia')).get(`/api/teams/${team.jordan}`)).body.data.version;
    expect(
      (await (await as('sophie')).patch(`/api/teams/${team.jordan}`, { version, name: 'X' })).status,
    ).toBe(403);
    expect((await (await as('theo')).patch(`/api/teams/${team.jordan}`, { version, name: 'X' })).status).toBe(
      404,
    );
    const blank = await (await as('olivia')).patch(`/api/teams/${team.jordan}`, { version, name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.details[0].message).toBe('Please enter team name');
  });
});

describe('team members', () => {
  it('keeps a Team Lead while others are on the team', async () => {
    const lee = await as('lee');
    const demote = await lee.patch(`/api/teams/${team.jordan}/members/${user[emails.lee]}`, {
      role: 'Practitioner',
    });
    expect(demote.status).toBe(400);
    expect(demote.body.error.message).toBe('A team needs at least one Team Lead');
    const remove = await lee.delete(`/api/teams/${team.jordan}/members/${user[emails.lee]}`);
    expect(remove.status).toBe(400);

    const promoted = await lee.patch(`/api/teams/${team.jordan}/members/${user[emails.priya]}`, {
      role: 'Team Lead',
    });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(rolesOf(promoted.body)[emails.priya]).toBe('Team Lead');
    const stepped = await lee.patch(`/api/teams/${team.jordan}/members/${user[emails.lee]}`, {
      role: 'Practitioner',
    });
    expect(rolesOf(stepped.body)[emails.lee]).toBe('Practitioner');
    // Lee no longer leads Jordan's team, so he may not change it any more.
    expect(
      (await lee.patch(`/api/teams/${team.jordan}/members/${user[emails.sophie]}`, { role: 'Therapist' }))
        .status,
    ).toBe(403);
    const priya = await as('priya');
    const restored = await priya.patch(`/api/teams/${team.jordan}/members/${user[emails.lee]}`, {
      role: 'Team Lead',
    });
    expect(rolesOf(restored.body)[emails.lee]).toBe('Team Lead');
    await priya.patch(`/api/teams/${team.jordan}/members/${user[emails.priya]}`, { role: 'Practitioner' });

    const [entry] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'team-member'),
            eq(auditLog.entityId, `${team.jordan}:${user[emails.lee]}`),
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id)),
    );
    expect(entry).toMatchObject({
      action: 'updated',
      actorName: 'Priya Practitioner',
      changes: [{ field: 'role', oldValue: 'Practitioner', newValue: 'Team Lead' }],
    });
  });

  it('lets the only member, its lead, leave a team', async () => {
    const olivia = await as('olivia');
    const created = await olivia.post('/api/teams', { name: 'Solo Team' });
    const soloId = created.body.data.id;
    await olivia.post(`/api/teams/${soloId}/members`, { email: emails.lee, role: 'Team Lead' });
    const left = await olivia.delete(`/api/teams/${soloId}/members/${user[emails.lee]}`);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body.data.members).toEqual([]);
  });

  it('removes only the membership: their cards stay, attributed', async () => {
    const olivia = await as('olivia');
    const card = await olivia.post('/api/cards', {
      teamId: team.jordan,
      title: 'Weekly check-in',
      assigneeId: user[emails.sophie],
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const removed = await (await as('lee')).delete(
      `/api/teams/${team.jordan}/members/${user[emails.sophie]}`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(rolesOf(removed.body)[emails.sophie]).toBeUndefined();
    const after = await olivia.get(`/api/cards/${card.body.data.id}`);
    expect(after.body.data).toMatchObject({ assigneeId: user[emails.sophie], createdBy: expect.any(String) });
    const sophie = await as('sophie');
    expect((await sophie.get(`/api/teams/${team.jordan}`)).status).toBe(404);
    const tenants = (await sophie.get('/api/tenants')).body.data as { id: string }[];
    expect(tenants.map((x) => x.id)).toContain(sunrise);
    expect(
      (await (await as('lee')).delete(`/api/teams/${team.jordan}/members/${user[emails.sophie]}`)).status,
    ).toBe(404);

    // Back on the team, by e-mail: she has an account, so she is a member at once.
    const added = await (await as('lee')).post(`/api/teams/${team.jordan}/members`, {
      email: 'Sophie.Support@sunrise.example',
      role: 'Support Worker',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toEqual({
      addedMember: { userId: user[emails.sophie], email: emails.sophie, role: 'Support Worker' },
      invitation: null,
    });
  });
});

describe('adding people and their invitations', () => {
  it('refuses an e-mail already on the team or already invited to it', async () => {
    const lee = await as('lee');
    const member = await lee.post(`/api/teams/${team.jordan}/members`, {
      email: emails.priya,
      role: 'Therapist',
    });
    expect(member.status).toBe(409);
    expect(member.body.error).toMatchObject({
      message: 'This email is already added to the team',
      details: { field: 'email', email: emails.priya },
    });
    const first = await lee.post(`/api/teams/${team.jordan}/members`, { email: 'quinn.new@example.com' });
    expect(first.status).toBe(201);
    expect(first.body.data.addedMember).toBeNull();
    // No SMTP server: the link comes back once, to copy.
    expect(first.body.data.invitation).toMatchObject({
      emailed: false,
      role: 'Support Worker',
      status: 'pending',
    });
    expect(first.body.data.invitation.inviteUrl).toMatch(/^http:\/\/localhost(:80)?\/invite\/[\w-]{43}$/);
    const again = await lee.post(`/api/teams/${team.jordan}/members`, { email: 'QUINN.NEW@example.com' });
    expect(again.status).toBe(409);
    // Another team may invite the same person.
    const elsewhere = await (await as('olivia')).post(`/api/teams/${team.mia}/members`, {
      email: 'quinn.new@example.com',
    });
    expect(elsewhere.status).toBe(201);
    expect(
      (await (await as('sophie')).post(`/api/teams/${team.jordan}/members`, { email: 'x@example.com' }))
        .status,
    ).toBe(403);
  });

  it('shows pending invitations to the team, but not to family guardians', async () => {
    const listed = await (await as('priya')).get(`/api/teams/${team.jordan}/invitations`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject([
      { email: 'quinn.new@example.com', inviteUrl: null, emailed: false },
    ]);
    expect((await (await as('aria')).get(`/api/teams/${team.jordan}/invitations`)).status).toBe(200);
    expect((await (await as('fiona')).get(`/api/teams/${team.jordan}/invitations`)).status).toBe(403);
    expect((await (await as('theo')).get(`/api/teams/${team.jordan}/invitations`)).status).toBe(404);
  });

  it('lets the team’s leads and tenant admins resend and withdraw', async () => {
    const jordanInvite = (await (await as('lee')).get(`/api/teams/${team.jordan}/invitations`)).body.data[0];
    const miaInvite = (await (await as('olivia')).get(`/api/teams/${team.mia}/invitations`)).body.data[0];

    const resent = await (await as('lee')).post(`/api/invitations/${jordanInvite.id}/resend`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data.inviteUrl).toMatch(/\/invite\/[\w-]{43}$/);
    expect(resent.body.data.lastSentAt >= jordanInvite.lastSentAt).toBe(true);
    expect((await (await as('priya')).post(`/api/invitations/${jordanInvite.id}/resend`)).status).toBe(403);
    expect((await (await as('lee')).post(`/api/invitations/${miaInvite.id}/resend`)).status).toBe(404);
    expect((await (await as('lee')).delete(`/api/invitations/${miaInvite.id}`)).status).toBe(404);
    expect((await (await as('priya')).delete(`/api/invitations/${jordanInvite.id}`)).status).toBe(403);

    expect((await (await as('lee')).delete(`/api/invitations/${jordanInvite.id}`)).status).toBe(200);
    expect((await (await as('olivia')).delete(`/api/invitations/${miaInvite.id}`)).status).toBe(200);
    expect((await (await as('lee')).get(`/api/teams/${team.jordan}/invitations`)).body.data).toEqual([]);
    // Withdrawn, the e-mail may be invited again.
    expect(
      (await (await as('lee')).post(`/api/teams/${team.jordan}/members`, { email: 'quinn.new@example.com' }))
        .status,
    ).toBe(201);
  });
});

describe('sharing with guests', () => {
  it('shares a team with a guest of the organisation and stops sharing it', async () => {
    const lee = await as('lee');
    const guests = await lee.get(`/api/teams/${team.jordan}/shares`);
    expect(guests.body.data).toEqual([
      { userId: user[emails.gus], name: 'Gus Guest', email: emails.gus, isShared: false },
    ]);
    const shared = await lee.post(`/api/teams/${team.jordan}/shares`, { userId: user[emails.gus] });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const gus = await as('gus');
    const seen = (await gus.get('/api/teams')).body.data as { id: string; myRole: string }[];
    expect(seen).toContainEqual(expect.objectContaining({ id: team.jordan, myRole: 'viewer' }));
    expect((await lee.get(`/api/teams/${team.jordan}/shares`)).body.data[0].isShared).toBe(true);

    const unshared = await lee.delete(`/api/teams/${team.jordan}/shares/${user[emails.gus]}`);
    expect(unshared.status).toBe(200);
    expect((await gus.get(`/api/teams/${team.jordan}`)).status).toBe(404);
    // Mia's team, shared by the seed, stays shared.
    expect((await gus.get(`/api/teams/${team.mia}`)).status).toBe(200);

    const notGuest = await lee.post(`/api/teams/${team.jordan}/shares`, { userId: user[emails.sophie] });
    expect(notGuest.status).toBe(404);
    expect(notGuest.body.error.message).toBe('Guest not found');
    expect((await (await as('priya')).get(`/api/teams/${team.jordan}/shares`)).status).toBe(403);

    const [entry] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'membership'), eq(auditLog.entityId, user[emails.gus]!)))
        .orderBy(desc(auditLog.at), desc(auditLog.id)),
    );
    expect(entry).toMatchObject({
      action: 'updated',
      changes: [{ field: 'sharedTeamIds', oldValue: [team.mia, team.jordan], newValue: [team.mia] }],
    });
  });
});
