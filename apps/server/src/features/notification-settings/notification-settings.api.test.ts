import { defaultNotificationKinds } from '@wattle/domain/notifications/settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { notificationEmails } from '../../db/schema/notification-settings';
import { notifications } from '../../db/schema/notifications';
import { mailerFor } from '../../mail/mailer';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../../mail/test-smtp-server';
import { runNotificationMail } from './notification-mail-job';

let t: TestApp;
let smtp: TestSmtpServer;
let sunrise: string;
let bluegum: string;
let jordanTeam: string;
const userIds = new Map<string, string>();

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  priya: 'priya.practitioner@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  ben: 'ben.owner@bluegum.example',
} as const;
type Person = keyof typeof emails;

async function as(person: Person): Promise<TestClient> {
  return (await t.as(emails[person])).inTenant(person === 'ben' ? bluegum : sunrise);
}
const idOf = (person: Person) => userIds.get(emails[person])!;

async function putSettings(person: Person, body: object) {
  return (await as(person)).request({ method: 'PUT', url: '/api/settings/notifications', payload: body });
}

function settingsWith(
  change: (kinds: ReturnType<typeof defaultNotificationKinds>) => void,
  dailyDigest = false,
) {
  const kinds = defaultNotificationKinds();
  change(kinds);
  return { kinds, dailyDigest };
}

/** A card of Jordan's team assigned to `assignee`, made by Lee. */
async function cardAssignedTo(assignee: Person) {
  const res = await (await as('lee')).post('/api/cards', {
    teamId: jordanTeam,
    title: 'Weekly check-in',
    assigneeId: idOf(assignee),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; workItemId: string };
}

async function comment(person: Person, cardId: string, body: Record<string, unknown>) {
  const res = await (await as(person)).post(`/api/cards/${cardId}/comments`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const inbox = (person: Person) =>
  t.readInTenant(sunrise, (tx) =>
    tx
      .select()
      .from(notifications)
      .where(eq(notifications.userId, idOf(person))),
  );

/** Runs the mail job as the server does, at `now`; answers the e-mails it sent. */
async function runMail(now = new Date()) {
  const before = smtp.received.length;
  const result = await runNotificationMail(t.database.db, {
    mailer: mailerFor(t.config),
    baseUrl: 'https://wattle.test',
    now,
  });
  return { result, mails: smtp.received.slice(before) };
}

const mailsTo = (mails: ReceivedMail[], person: Person) => mails.filter((m) => m.to.includes(emails[person]));

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://wattle.test' } });
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const teams = (await (await as('olivia')).get('/api/teams')).body.data as any[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team").id;
  for (const email of Object.values(emails)) {
    userIds.set(email, (await (await t.as(email)).get('/api/me')).body.data.id);
  }
  // Whatever the demo data left in the outbox goes now, so each test sees only its own e-mails.
  await runMail();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('GET and PUT /api/settings/notifications', () => {
  it('starts with every kind in the app and by e-mail, one e-mail each', async () => {
    const res = await (await as('sophie')).get('/api/settings/notifications');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ kinds: defaultNotificationKinds(), dailyDigest: false, updatedAt: null });
  });

  it('saves each person’s own choices, per organisation, and audits the change', async () => {
    const body = settingsWith((k) => {
      k.invoices = { inApp: false, email: false };
    }, true);
    const saved = await putSettings('aria', body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject(body);
    expect((await (await as('aria')).get('/api/settings/notifications')).body.data).toMatchObject(body);
    // Nobody else's settings moved.
    expect((await (await as('lee')).get('/api/settings/notifications')).body.data.dailyDigest).toBe(false);

    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'notification-settings'), eq(auditLog.entityId, idOf('aria')))),
    );
    expect(audit).toHaveLength(1);
    // Exactly what changed: the kinds left as they were are not named.
    expect(audit[0]!.changes).toEqual([
      { field: 'invoices.inApp', oldValue: true, newValue: false },
      { field: 'invoices.email', oldValue: true, newValue: false },
      { field: 'dailyDigest', oldValue: false, newValue: true },
    ]);
  });

  it('lets every role, family guardians too, keep their own settings', async () => {
    for (const person of ['fiona', 'sophie', 'priya', 'ben'] as const) {
      const res = await putSettings(
        person,
        settingsWith((k) => {
          k.deadlines.email = false;
        }),
      );
      expect(res.status, person).toBe(200);
    }
  });

  it('refuses to hide approvals or organisation notices from the app, naming the kind', async () => {
    const res = await putSettings(
      'lee',
      settingsWith((k) => {
        k.approvals.inApp = false;
      }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Approvals must show in the app');
    const org = await putSettings(
      'lee',
      settingsWith((k) => {
        k.organisation.inApp = false;
      }),
    );
    expect(org.status).toBe(400);
    expect(JSON.stringify(org.body)).toContain('Organisation must show in the app');
  });

  it('refuses a body missing a kind or with a wrong value', async () => {
    const { comments: _omitted, ...rest } = defaultNotificationKinds();
    expect((await putSettings('lee', { kinds: rest, dailyDigest: false })).status).toBe(400);
    expect((await putSettings('lee', { kinds: defaultNotificationKinds(), dailyDigest: 'yes' })).status).toBe(
      400,
    );
  });

  it('needs a signed-in member of the organisation', async () => {
    expect((await t.anonymous().inTenant(sunrise).get('/api/settings/notifications')).status).toBe(401);
    // Ben belongs to Bluegum only: Sunrise answers 404, as for any tenant he may not enter.
    const ben = (await t.as(emails.ben)).inTenant(sunrise);
    expect((await ben.get('/api/settings/notifications')).status).toBe(404);
  });
});

describe('notification delivery follows the settings', () => {
  it('Olivia turns off e-mail for comments: a comment on her card is in her inbox but not e-mailed', async () => {
    const off = await putSettings(
      'olivia',
      settingsWith((k) => {
        k.comments.email = false;
      }),
    );
    expect(off.status).toBe(200);
    const card = await cardAssignedTo('olivia');
    await comment('lee', card.id, { content: 'Could you look over the plan before Friday?' });

    const hers = (await inbox('olivia')).filter((n) => n.cardId === card.id);
    expect(hers).toMatchObject([
      {
        type: 'comment',
        message: `Lee Lead commented on ${card.workItemId}: Could you look over the plan before Friday?`,
      },
    ]);
    const { mails } = await runMail();
    expect(mailsTo(mails, 'olivia')).toEqual([]);

    // With e-mail on again, the next comment is e-mailed, linking to the card.
    await putSettings(
      'olivia',
      settingsWith(() => {}),
    );
    await comment('sophie', card.id, { content: 'Visit notes are attached' });
    const again = await runMail();
    const sent = mailsTo(again.mails, 'olivia');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Sophie Support commented on');
    expect(sent[0]!.text).toContain(`https://wattle.test/card/${card.id}`);
    expect(sent[0]!.text).toContain('https://wattle.test/settings/notifications');
  });

  it('e-mails a mention by default, once, however often the job runs', async () => {
    const card = await cardAssignedTo('lee');
    await comment('olivia', card.id, { content: 'Priya, can you check this?', mentions: [idOf('priya')] });
    const first = await runMail();
    const toPriya = mailsTo(first.mails, 'priya');
    expect(toPriya).toHaveLength(1);
    expect(toPriya[0]!.text).toContain('You were mentioned');
    expect(mailsTo((await runMail()).mails, 'priya')).toEqual([]);
  });

  it('hidden from the app but e-mailed: no inbox row, still an e-mail', async () => {
    await putSettings(
      'sophie',
      settingsWith((k) => {
        k.comments.inApp = false;
      }),
    );
    const card = await cardAssignedTo('sophie');
    await comment('lee', card.id, { content: 'Shift swapped to Tuesday' });
    expect((await inbox('sophie')).filter((n) => n.cardId === card.id)).toEqual([]);
    const sent = mailsTo((await runMail()).mails, 'sophie');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Shift swapped to Tuesday');
  });

  it('neither in the app nor by e-mail: nothing at all', async () => {
    await putSettings(
      'sophie',
      settingsWith((k) => {
        k.comments = { inApp: false, email: false };
      }),
    );
    const card = await cardAssignedTo('sophie');
    await comment('lee', card.id, { content: 'Nothing to see' });
    expect((await inbox('sophie')).filter((n) => n.cardId === card.id)).toEqual([]);
    const outbox = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(notificationEmails)
        .where(eq(notificationEmails.userId, idOf('sophie'))),
    );
    expect(outbox.filter((e) => e.message.includes('Nothing to see'))).toEqual([]);
    expect(mailsTo((await runMail()).mails, 'sophie')).toEqual([]);
  });
});

describe('the outbox', () => {
  it('forgets sent e-mails after 30 days, and any a crashed run left sending, but keeps recent ones', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const row = (message: string, status: 'sent' | 'sending', updatedAt: Date) => ({
      tenantId: sunrise,
      userId: idOf('priya'),
      type: 'info' as const,
      message,
      link: '/inbox',
      status,
      createdAt: updatedAt,
      updatedAt,
    });
    await t.readInTenant(sunrise, (tx) =>
      tx
        .insert(notificationEmails)
        .values([
          row('Outbox: old sent', 'sent', daysAgo(31)),
          row('Outbox: old sending', 'sending', daysAgo(31)),
          row('Outbox: recent sending', 'sending', daysAgo(1)),
        ]),
    );
    await runMail(now);
    const left = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ message: notificationEmails.message })
        .from(notificationEmails)
        .where(eq(notificationEmails.userId, idOf('priya'))),
    );
    expect(left.map((e) => e.message).filter((m) => m.startsWith('Outbox:'))).toEqual([
      'Outbox: recent sending',
    ]);
  });
});

describe('daily digest', () => {
  // 08:00 and 06:00 in Sydney (UTC+11 in summer) on 27 November 2026, and 08:00 the day after.
  const sixAm = new Date('2026-11-26T19:00:00Z');
  const eightAm = new Date('2026-11-26T21:00:00Z');
  const laterThatDay = new Date('2026-11-27T05:00:00Z');
  const nextMorning = new Date('2026-11-27T21:00:00Z');

  beforeEach(async () => {
    await runMail(new Date('2026-11-25T19:00:00Z'));
  });

  it('holds e-mails for one digest a day, from 07:00 in the person’s day, of what is still unread', async () => {
    const digest = settingsWith(() => {}, true);
    expect((await putSettings('priya', digest)).status).toBe(200);
    const card = await cardAssignedTo('priya');
    await comment('lee', card.id, { content: 'First note' });
    await comment('sophie', card.id, { content: 'Second note' });
    await comment('olivia', card.id, { content: 'Third note, to be read first' });
    const readIt = (await inbox('priya')).find((n) => n.message.includes('Third note'))!;
    const read = await (await as('priya')).request({
      method: 'PATCH',
      url: `/api/notifications/${readIt.id}`,
      payload: { read: true },
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);

    // Nothing goes one at a time, and nothing before 07:00.
    expect(mailsTo((await runMail(sixAm)).mails, 'priya')).toEqual([]);

    // Two runs at once, as two instances would: one digest.
    const [a, b] = await Promise.all([runMail(eightAm), runMail(eightAm)]);
    const digests = mailsTo([...a.mails, ...b.mails], 'priya').filter((m) => m.text.includes('digest'));
    const unique = new Set(digests.map((m) => m.raw));
    expect(unique.size).toBe(1);
    const text = digests[0]!.text;
    expect(text).toContain('2 unread notifications');
    expect(text).toContain('First note');
    expect(text).toContain('Second note');
    expect(text).not.toContain('Third note');

    // A restart is a new run: the day is remembered in the database, so no second digest.
    await comment('lee', card.id, { content: 'Fourth note, after the digest' });
    expect(mailsTo((await runMail(laterThatDay)).mails, 'priya')).toEqual([]);

    // The next morning's digest tells of what came since.
    const tomorrow = mailsTo((await runMail(nextMorning)).mails, 'priya');
    expect(tomorrow).toHaveLength(1);
    expect(tomorrow[0]!.text).toContain('1 unread notification');
    expect(tomorrow[0]!.text).toContain('Fourth note');
    expect(tomorrow[0]!.text).not.toContain('First note');
  });

  it('reckons 07:00 in the person’s own time zone', async () => {
    const me = await (await as('sophie')).request({
      method: 'PATCH',
      url: '/api/me',
      payload: { timeZone: 'Australia/Perth' },
    });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.data.timeZone).toBe('Australia/Perth');
    await putSettings(
      'sophie',
      settingsWith(() => {}, true),
    );
    const card = await cardAssignedTo('sophie');
    await comment('lee', card.id, { content: 'Roster for December is up' });
    // 08:00 in Sydney is 05:00 in Perth: not yet.
    expect(mailsTo((await runMail(new Date('2026-11-28T21:00:00Z'))).mails, 'sophie')).toEqual([]);
    // 08:00 in Perth.
    const sent = mailsTo((await runMail(new Date('2026-11-29T00:00:00Z'))).mails, 'sophie');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Roster for December is up');
  });
});

describe('PATCH /api/me', () => {
  it('changes the person’s own name and time zone, audited, and refuses an unknown zone', async () => {
    const aria = await as('aria');
    const res = await aria.patch('/api/me', { name: '  Aria Auditor-Smith ', timeZone: 'Australia/Darwin' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Aria Auditor-Smith', timeZone: 'Australia/Darwin' });
    expect((await aria.get('/api/me')).body.data).toMatchObject({ name: 'Aria Auditor-Smith' });

    const bad = await aria.patch('/api/me', { timeZone: 'Australia/Atlantis' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Choose a time zone from the list');
    const blank = await aria.patch('/api/me', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Enter your name');
    // The e-mail comes from sign-in: not a field of this call.
    const email = await aria.patch('/api/me', { email: 'someone@else.example' });
    expect(email.status).toBe(400);

    const back = await aria.patch('/api/me', { name: 'Aria Auditor', timeZone: null });
    expect(back.body.data).toMatchObject({ name: 'Aria Auditor', timeZone: null });
  });
});

describe('documentation', () => {
  it('documents the notification settings and PATCH /api/me in the OpenAPI document', async () => {
    const doc = (await t.anonymous().get('/api/openapi.json')).body;
    const settings = doc.paths['/api/settings/notifications'];
    expect(settings.get.tags).toEqual(['settings']);
    expect(settings.put.tags).toEqual(['settings']);
    expect(settings.put.description).toContain('dailyDigest');
    const body = settings.put.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['kinds', 'dailyDigest']);
    expect(Object.keys(body.properties.kinds.properties)).toEqual([
      'comments',
      'approvals',
      'invoices',
      'deadlines',
      'participants',
      'staff',
      'organisation',
    ]);
    const me = doc.paths['/api/me'].patch;
    expect(me.tags).toEqual(['me']);
    expect(Object.keys(me.requestBody.content['application/json'].schema.properties)).toEqual([
      'name',
      'timeZone',
    ]);
  });
});
