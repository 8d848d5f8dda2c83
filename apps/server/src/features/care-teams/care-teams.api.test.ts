import { templateSets } from '@wattle/domain/care-teams/template-sets';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { participants } from '../../db/schema/participants';
import { teamMembers, teams } from '../../db/schema/teams';
import { invitations } from '../../db/schema/tenants';

let t: TestApp;
let sunrise: string;
let olivia: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
});
afterAll(() => t.close());

const community = templateSets.find((set) => set.id === 'community')!;

/** Everything a wizard call could have left behind in Sunrise, to compare before and after a refusal. */
async function sunriseRows() {
  return t.readInTenant(sunrise, async (tx) => ({
    teams: (await tx.select({ id: teams.id }).from(teams)).length,
    participants: (await tx.select({ id: participants.id }).from(participants)).length,
    invitations: (await tx.select({ id: invitations.id }).from(invitations)).length,
    teamMembers: (await tx.select({ userId: teamMembers.userId }).from(teamMembers)).length,
    audit: (await tx.select({ id: auditLog.id }).from(auditLog)).length,
  }));
}

const riley = {
  name: 'Riley Tran',
  ndisNumber: '431234567',
  dateOfBirth: '2001-05-12',
  goals: [' Cook a meal ', ''],
};

describe('POST /api/care-teams', () => {
  it('makes participant, team, members and invitations in one call', async () => {
    const res = await olivia.post('/api/care-teams', {
      participant: riley,
      team: { name: "Riley's Care Team" },
      members: [
        { email: 'Priya.Practitioner@sunrise.example', role: 'Practitioner' },
        { email: 'ben.owner@bluegum.example', role: 'Therapist' },
        { email: 'gus.guest@sunrise.example', role: 'Support Worker' },
        { email: 'riley.support@example.com' },
      ],
      templateSet: 'community',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { participant, team, addedMembers, invitations: invited } = res.body.data;
    expect(participant).toMatchObject({
      name: 'Riley Tran',
      ndisNumber: '431234567',
      status: 'pending',
      goals: ['Cook a meal'],
      teamId: team.id,
      teamName: "Riley's Care Team",
    });
    expect(team).toMatchObject({
      name: "Riley's Care Team",
      status: 'active',
      participant: { id: participant.id, name: 'Riley Tran', ndisNumber: '431234567' },
      templates: { enabled: [...community.enabled], required: [...community.required], custom: [] },
      myRole: 'tenant-admin',
    });
    const roles = Object.fromEntries(
      team.members.map((m: { email: string; role: string }) => [m.email, m.role]),
    );
    expect(roles).toEqual({
      'olivia.owner@sunrise.example': 'Team Lead',
      'priya.practitioner@sunrise.example': 'Practitioner',
      'gus.guest@sunrise.example': 'Support Worker',
    });
    expect(addedMembers.map((m: { email: string }) => m.email)).toEqual([
      'priya.practitioner@sunrise.example',
      'gus.guest@sunrise.example',
    ]);
    // No SMTP server in this app: the links come back to copy. Ben has an account, but in another
    // organisation: he is invited like anyone else, never put into Sunrise without accepting.
    expect(invited).toMatchObject([
      {
        email: 'ben.owner@bluegum.example',
        role: 'Therapist',
        status: 'pending',
        emailed: false,
      },
      {
        email: 'riley.support@example.com',
        name: 'riley.support',
        role: 'Support Worker',
        status: 'pending',
        emailed: false,
      },
    ]);
    expect(invited[0].inviteUrl).toMatch(/\/invite\/[\w-]{43}$/);
    expect(invited[1].inviteUrl).toMatch(/\/invite\/[\w-]{43}$/);

    // The team reads back exactly as answered.
    const read = await olivia.get(`/api/teams/${team.id}`);
    expect(read.body.data).toEqual(team);

    // Ben, of another organisation, is not in Sunrise until he accepts; Gus, a guest, has the team shared.
    const ben = await t.as('ben.owner@bluegum.example');
    const benTenants = (await ben.get('/api/tenants')).body.data as { id: string }[];
    expect(benTenants.map((x) => x.id)).not.toContain(sunrise);
    const gus = (await t.as('gus.guest@sunrise.example')).inTenant(sunrise);
    const gusTeams = (await gus.get('/api/teams')).body.data as { id: string; myRole: string }[];
    expect(gusTeams).toContainEqual(expect.objectContaining({ id: team.id, myRole: 'support-worker' }));

    // Every write is in the audit log.
    const entries = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ entity: auditLog.entity, action: auditLog.action, entityId: auditLog.entityId })
        .from(auditLog)
        .where(
          inArray(auditLog.entityId, [
            team.id,
            participant.id,
            invited[0].id,
            `${team.id}:${team.members[0].userId}`,
          ]),
        ),
    );
    expect(entries).toEqual(
      expect.arrayContaining([
        { entity: 'team', action: 'created', entityId: team.id },
        { entity: 'team', action: 'updated', entityId: team.id },
        { entity: 'participant', action: 'created', entityId: participant.id },
        { entity: 'invitation', action: 'created', entityId: invited[0].id },
        expect.objectContaining({ entity: 'team-member', action: 'created' }),
      ]),
    );
    const memberEntries = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ entity: auditLog.entity })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'team-member'), eq(auditLog.action, 'created'))),
    );
    expect(memberEntries.length).toBeGreaterThanOrEqual(4);
  });

  it('gives the creator the role of their own member row instead of Team Lead', async () => {
    const res = await olivia.post('/api/care-teams', {
      participant: { name: 'Sam Quinn', ndisNumber: '431234568', dateOfBirth: '1995-01-30' },
      team: { name: "Sam's Care Team" },
      members: [
        { email: 'OLIVIA.OWNER@sunrise.example', role: 'Practitioner' },
        { email: 'lee.lead@sunrise.example', role: 'Team Lead' },
      ],
      templateSet: 'transport',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const roles = res.body.data.team.members.map((m: { email: string; role: string }) => [m.email, m.role]);
    expect(roles).toEqual([
      ['lee.lead@sunrise.example', 'Team Lead'],
      ['olivia.owner@sunrise.example', 'Practitioner'],
    ]);
    expect(res.body.data.invitations).toEqual([]);
  });

  it('takes an existing participant with no team, once', async () => {
    const created = await olivia.post('/api/participants', {
      name: 'Alex Moore',
      ndisNumber: '431234569',
      dateOfBirth: '1990-07-01',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const participantId = created.body.data.id;
    const res = await olivia.post('/api/care-teams', {
      participantId,
      team: { name: "Alex's Care Team" },
      templateSet: 'employment',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.participant).toMatchObject({ id: participantId, teamId: res.body.data.team.id });
    expect(res.body.data.team.participant.id).toBe(participantId);

    const before = await sunriseRows();
    const again = await olivia.post('/api/care-teams', {
      participantId,
      team: { name: "Alex's Second Team" },
      members: [{ email: 'nobody.new@example.com' }],
      templateSet: 'employment',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      message: 'Alex Moore already has a care team',
      details: { field: 'participantId' },
    });
    expect(await sunriseRows()).toEqual(before);
  });

  it('leaves nothing behind when any part is refused', async () => {
    const before = await sunriseRows();
    const members = [
      { email: 'priya.practitioner@sunrise.example', role: 'Practitioner' },
      { email: 'left.behind@example.com', role: 'Support Worker' },
    ];
    const base = { team: { name: 'Left Behind Team' }, members, templateSet: 'daily-living' };

    // A participant who is not there.
    const unknown = await olivia.post('/api/care-teams', {
      ...base,
      participantId: '01900000-0000-7000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Participant not found');

    // Step 3 left empty.
    const noTemplates = await olivia.post('/api/care-teams', {
      ...base,
      participant: riley,
      templateSet: undefined,
    });
    expect(noTemplates.status).toBe(400);
    expect(noTemplates.body.error.details).toContainEqual(
      expect.objectContaining({ path: ['templateSet'], message: 'Please select a template' }),
    );

    // An NDIS number Jordan Lee already has: refused after the team and members were written.
    const duplicate = await olivia.post('/api/care-teams', {
      ...base,
      participant: { name: 'Copy Cat', ndisNumber: '430123456', dateOfBirth: '2000-01-01' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({
      message: 'NDIS number 430123456 already belongs to Jordan Lee',
      details: { field: 'ndisNumber' },
    });

    // The same e-mail twice, whatever its case.
    const twice = await olivia.post('/api/care-teams', {
      ...base,
      participant: { name: 'Pat Twice', ndisNumber: '431234570', dateOfBirth: '2000-01-01' },
      members: [...members, { email: 'LEFT.BEHIND@example.com', role: 'Therapist' }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.details).toContainEqual(
      expect.objectContaining({
        path: ['members', 2, 'email'],
        message: 'This email is already added to the team',
      }),
    );

    // A date of birth in the future.
    const future = await olivia.post('/api/care-teams', {
      ...base,
      participant: { name: 'Not Born', ndisNumber: '431234571', dateOfBirth: '2999-01-01' },
    });
    expect(future.status).toBe(400);

    expect(await sunriseRows()).toEqual(before);
    const teamNames = (await olivia.get('/api/teams')).body.data.map((x: { name: string }) => x.name);
    expect(teamNames).not.toContain('Left Behind Team');
  });

  it('refuses an unverified owner with 403 VERIFICATION_REQUIRED, and makes nothing', async () => {
    // Nina onboards her own organisation: its owner, but she has not acknowledged 'I understand'.
    const nina = await t.as('nina.new@wattle.example');
    const onboarded = await nina.post('/api/onboarding', {
      organisationName: 'Nina Care Co',
      consent: true,
    });
    expect(onboarded.status, JSON.stringify(onboarded.body)).toBe(201);
    const ninaTenant = await t.tenantId('Nina Care Co');
    const participantsOf = () =>
      t.readInTenant(
        ninaTenant,
        async (tx) => (await tx.select({ id: participants.id }).from(participants)).length,
      );
    const before = await participantsOf();
    const res = await nina.inTenant(ninaTenant).post('/api/care-teams', {
      participant: { ...riley, ndisNumber: '439990011' },
      team: { name: 'Unverified team' },
      members: [],
      templateSet: 'community',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('VERIFICATION_REQUIRED');
    expect(await participantsOf()).toBe(before);
  });

  it('is for tenant admins only', async () => {
    const before = await sunriseRows();
    const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
    const res = await lee.post('/api/care-teams', {
      participant: { name: 'Lee Made', ndisNumber: '431234572', dateOfBirth: '2000-01-01' },
      team: { name: "Lee's Team" },
      templateSet: 'community',
    });
    expect(res.status).toBe(403);
    expect(await sunriseRows()).toEqual(before);
  });
});
