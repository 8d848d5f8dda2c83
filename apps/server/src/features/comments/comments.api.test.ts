import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { cardComments } from '../../db/schema/comments';
import { notifications } from '../../db/schema/notifications';
import { listenForChanges } from '../events/change-feed';

let t: TestApp;
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
  theo: 'theo.therapist@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  ben: 'ben.owner@bluegum.example',
} as const;
type Person = keyof typeof emails;

async function as(person: Person): Promise<TestClient> {
  const client = await t.as(emails[person]);
  return client.inTenant(person === 'ben' ? bluegum : sunrise);
}
const idOf = (person: Person) => userIds.get(emails[person])!;

async function newCard(body: Record<string, unknown> = {}) {
  const res = await (await as('lee')).post('/api/cards', {
    teamId: jordanTeam,
    title: 'Weekly check-in',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; workItemId: string; type: string };
}

/**
 * A behaviour support plan of Jordan's team, made and shared with family through the plans API: its
 * working card is what a guardian may open (decision 0025).
 */
async function sharedPlan() {
  const priya = await as('priya');
  const made = await priya.post('/api/behaviour-support-plans', { teamId: jordanTeam, kind: 'interim' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const shared = await priya.post(`/api/behaviour-support-plans/${made.body.data.id}/share`, {
    sharedWithFamily: true,
  });
  expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  const card = (await priya.get(`/api/cards/${made.body.data.cardId}`)).body.data;
  return {
    id: card.id as string,
    type: card.type as string,
    workItemId: card.workItemId as string,
    planId: made.body.data.id as string,
  };
}

async function comment(person: Person, cardId: string, body: Record<string, unknown>, status = 201) {
  const res = await (await as(person)).post(`/api/cards/${cardId}/comments`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data;
}

async function thread(person: Person, cardId: string) {
  const res = await (await as(person)).get(`/api/cards/${cardId}/comments`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as any[];
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const teams = (await (await as('olivia')).get('/api/teams')).body.data as any[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team").id;
  for (const member of teams.flatMap((x) => x.members)) userIds.set(member.email, member.userId);
});
afterAll(() => t.close());

describe('comment thread', () => {
  it('posts comments and nested replies, listed oldest first with author, role and type', async () => {
    const card = await newCard();
    const first = await comment('priya', card.id, { content: '  Visit went well.\nNext one Friday.  ' });
    expect(first).toMatchObject({
      cardId: card.id,
      userId: idOf('priya'),
      userName: 'Priya Practitioner',
      userRole: 'Practitioner',
      content: 'Visit went well.\nNext one Friday.',
      type: 'general',
      isInternal: false,
      parentCommentId: null,
      isEdited: false,
      isDeleted: false,
      reactions: {},
      mentions: [],
    });
    const reply = await comment('sophie', card.id, {
      content: 'Noted',
      type: 'review',
      parentCommentId: first.id,
    });
    expect(reply).toMatchObject({ parentCommentId: first.id, userRole: 'Support Worker', type: 'review' });
    const nested = await comment('lee', card.id, { content: 'Thanks both', parentCommentId: reply.id });
    const owner = await comment('olivia', card.id, { content: 'Seen', type: 'approval' });
    expect(owner.userRole).toBe('Owner');

    const list = await thread('lee', card.id);
    expect(list.map((c) => c.id)).toEqual([first.id, reply.id, nested.id, owner.id]);
    expect(list[2]).toMatchObject({ parentCommentId: reply.id, userRole: 'Team Lead' });

    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'comment'), eq(auditLog.entityId, first.id))),
    );
    expect(audit).toMatchObject([
      {
        action: 'created',
        actorName: 'Priya Practitioner',
        changes: [{ field: 'content', oldValue: null, newValue: 'Visit went well.\nNext one Friday.' }],
        metadata: {
          cardId: card.id,
          workItemId: card.workItemId,
          type: 'general',
          isInternal: false,
          parentCommentId: null,
          mentions: [],
        },
      },
    ]);
  });

  it('refuses empty and whitespace-only text, NUL characters and the system type', async () => {
    const card = await newCard();
    for (const content of ['', '   ', '\n\t ']) {
      const res = await (await as('priya')).post(`/api/cards/${card.id}/comments`, { content });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('A comment cannot be empty');
    }
    const nul = await (await as('priya')).post(`/api/cards/${card.id}/comments`, { content: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.error.message).toBe('A comment cannot contain NUL characters');
    const system = await (await as('priya')).post(`/api/cards/${card.id}/comments`, {
      content: 'Attached x.pdf',
      type: 'system',
    });
    expect(system.status).toBe(400);
    expect(await thread('priya', card.id)).toEqual([]);
  });

  it('lets only the author edit or delete, marking edits', async () => {
    const card = await newCard();
    const mine = await comment('priya', card.id, { content: 'Draft note' });
    const edited = await (await as('priya')).patch(`/api/cards/${card.id}/comments/${mine.id}`, {
      content: 'Final note',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ content: 'Final note', isEdited: true });

    for (const person of ['sophie', 'lee', 'olivia'] as const) {
      const patch = await (await as(person)).patch(`/api/cards/${card.id}/comments/${mine.id}`, {
        content: 'Hijacked',
      });
      expect(patch.status, person).toBe(403);
      expect(patch.body.error.message).toBe('Only the author can edit this comment');
      const del = await (await as(person)).delete(`/api/cards/${card.id}/comments/${mine.id}`);
      expect(del.status, person).toBe(403);
      expect(del.body.error.message).toBe('Only the author can delete this comment');
    }
    const empty = await (await as('priya')).patch(`/api/cards/${card.id}/comments/${mine.id}`, {
      content: ' ',
    });
    expect(empty.status).toBe(400);

    const del = await (await as('priya')).delete(`/api/cards/${card.id}/comments/${mine.id}`);
    expect(del.status).toBe(204);
    expect(await thread('priya', card.id)).toEqual([]);
    const again = await (await as('priya')).patch(`/api/cards/${card.id}/comments/${mine.id}`, {
      content: 'x',
    });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Comment not found');
  });

  it('keeps a deleted comment with replies in place, emptied', async () => {
    const card = await newCard();
    const parent = await comment('priya', card.id, { content: 'Question about the plan' });
    const reply = await comment('sophie', card.id, { content: 'Answer', parentCommentId: parent.id });
    await (await as('sophie')).request({
      method: 'PUT',
      url: `/api/cards/${card.id}/comments/${parent.id}/reaction`,
      payload: { kind: 'like' },
    });
    const lone = await comment('priya', card.id, { content: 'Lonely' });
    expect((await (await as('priya')).delete(`/api/cards/${card.id}/comments/${parent.id}`)).status).toBe(
      204,
    );
    expect((await (await as('priya')).delete(`/api/cards/${card.id}/comments/${lone.id}`)).status).toBe(204);
    const list = await thread('lee', card.id);
    expect(list.map((c) => c.id)).toEqual([parent.id, reply.id]);
    expect(list[0]).toMatchObject({ isDeleted: true, content: '', reactions: {} });
    // Nobody replies to a deleted comment.
    await comment('lee', card.id, { content: 'Late', parentCommentId: parent.id }, 404);
  });

  it('sets, replaces and removes one reaction per person', async () => {
    const card = await newCard();
    const c = await comment('priya', card.id, { content: 'React to me' });
    const url = `/api/cards/${card.id}/comments/${c.id}/reaction`;
    const put = (person: Person, kind: string) =>
      as(person).then((client) => client.request({ method: 'PUT', url, payload: { kind } }));
    expect((await put('sophie', 'like')).body.data.reactions).toEqual({ [idOf('sophie')]: 'like' });
    const both = await put('lee', 'important');
    expect(both.body.data.reactions).toEqual({ [idOf('sophie')]: 'like', [idOf('lee')]: 'important' });
    const replaced = await put('sophie', 'resolved');
    expect(replaced.body.data.reactions).toEqual({
      [idOf('sophie')]: 'resolved',
      [idOf('lee')]: 'important',
    });
    expect((await put('sophie', 'love')).status).toBe(400);
    const removed = await (await as('sophie')).delete(url);
    expect(removed.status).toBe(200);
    expect(removed.body.data.reactions).toEqual({ [idOf('lee')]: 'important' });
    // An auditor reads the thread but writes nothing to it.
    expect((await put('aria', 'like')).status).toBe(403);
  });

  it("notes the form field a comment is about, and refuses a field not on the card's form", async () => {
    const card = await newCard({ title: 'Interim plan', templateId: 'interim-bsp' });
    const about = await comment('priya', card.id, { content: 'Check this', fieldId: 'participant-name' });
    expect(about.metadata).toEqual({ fieldId: 'participant-name', fieldName: 'Participant Name' });
    const res = await (await as('priya')).post(`/api/cards/${card.id}/comments`, {
      content: 'x',
      fieldId: 'no-such-field',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('This card\'s form has no field "no-such-field"');
  });

  it('honours Idempotency-Key', async () => {
    const card = await newCard();
    const client = await as('priya');
    const headers = { 'idempotency-key': `comment-${card.id}` };
    const first = await client.post(`/api/cards/${card.id}/comments`, { content: 'Once' }, headers);
    const second = await client.post(`/api/cards/${card.id}/comments`, { content: 'Once' }, headers);
    expect(second.status).toBe(201);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(await thread('priya', card.id)).toHaveLength(1);
  });

  it("answers 404 for another tenant's card and for cards the caller cannot open", async () => {
    const card = await newCard();
    const ben = await as('ben');
    expect((await ben.get(`/api/cards/${card.id}/comments`)).status).toBe(404);
    expect((await ben.post(`/api/cards/${card.id}/comments`, { content: 'x' })).status).toBe(404);
    // Gus is a guest without Jordan's team.
    const gus = (await t.as('gus.guest@sunrise.example')).inTenant(sunrise);
    expect((await gus.get(`/api/cards/${card.id}/comments`)).status).toBe(404);
  });
});

describe('internal comments and family guardians', () => {
  it('hides internal comments from a guardian, who reads a shared plan and comments on it', async () => {
    const plan = await sharedPlan();
    expect(plan.type).toBe('bsp');
    const open = await comment('priya', plan.id, { content: 'Plan drafted for family review' });
    const internal = await comment('priya', plan.id, { content: 'Staff only: risk notes', isInternal: true });
    const internalReply = await comment('lee', plan.id, {
      content: 'Agreed',
      parentCommentId: internal.id,
    });
    expect(internalReply.isInternal).toBe(true);

    const fiona = await as('fiona');
    const card = await fiona.get(`/api/cards/${plan.id}`);
    expect(card.status).toBe(200);
    expect(card.body.data.title).toBe('Interim Behaviour Support Plan: Jordan Lee');

    const seen = await thread('fiona', plan.id);
    expect(seen.map((c) => c.id)).toEqual([open.id]);
    expect(JSON.stringify(seen)).not.toContain('Staff only');

    const posted = await comment('fiona', plan.id, { content: 'Looks good to us', parentCommentId: open.id });
    expect(posted).toMatchObject({ userRole: 'Family Guardian', isInternal: false });
    const refused = await fiona.post(`/api/cards/${plan.id}/comments`, { content: 'x', isInternal: true });
    expect(refused.status).toBe(403);
    const hiddenParent = await fiona.post(`/api/cards/${plan.id}/comments`, {
      content: 'x',
      parentCommentId: internal.id,
    });
    expect(hiddenParent.status).toBe(404);
    const reactHidden = await fiona.request({
      method: 'PUT',
      url: `/api/cards/${plan.id}/comments/${internal.id}/reaction`,
      payload: { kind: 'like' },
    });
    expect(reactHidden.status).toBe(404);

    // Staff see everything, in order.
    expect((await thread('sophie', plan.id)).map((c) => c.id)).toEqual([
      open.id,
      internal.id,
      internalReply.id,
      posted.id,
    ]);
    // A deleted internal comment with replies stays hidden from the guardian too.
    await (await as('priya')).delete(`/api/cards/${plan.id}/comments/${internal.id}`);
    expect((await thread('fiona', plan.id)).map((c) => c.id)).toEqual([open.id, posted.id]);
  });

  it('keeps a guardian out of other cards and every card write', async () => {
    const task = await newCard({ title: 'Roster change' });
    const fiona = await as('fiona');
    expect((await fiona.get(`/api/cards/${task.id}`)).status).toBe(404);
    expect((await fiona.get(`/api/cards/${task.id}/comments`)).status).toBe(404);
    expect((await fiona.post(`/api/cards/${task.id}/comments`, { content: 'x' })).status).toBe(404);
    const plan = await sharedPlan();
    expect((await fiona.patch(`/api/cards/${plan.id}`, { version: 1, title: 'Changed' })).status).toBe(404);
    expect((await fiona.get(`/api/cards/${plan.id}/audit`)).status).toBe(404);
    expect((await fiona.get(`/api/cards?teamId=${jordanTeam}`)).status).toBe(403);
  });

  it('keeps a guardian out of plans not shared with family, and out again once sharing stops', async () => {
    const fiona = await as('fiona');
    const priya = await as('priya');
    // A plan card made on the board, with no plan record, is shared with nobody.
    const loose = await newCard({ title: 'Interim plan', templateId: 'interim-bsp' });
    expect((await fiona.get(`/api/cards/${loose.id}`)).status).toBe(404);
    expect((await fiona.get(`/api/cards/${loose.id}/comments`)).status).toBe(404);
    const mention = await priya.post(`/api/cards/${loose.id}/comments`, {
      content: 'Hello',
      mentions: [idOf('fiona')],
    });
    expect(mention.status).toBe(400);
    expect(mention.body.error.message).toBe(
      'Fiona Family cannot open this card, so cannot be mentioned on it',
    );

    const plan = await sharedPlan();
    expect((await fiona.get(`/api/cards/${plan.id}`)).status).toBe(200);
    const mentionable = (await priya.get(`/api/cards/${plan.id}/mentionable`)).body.data as {
      name: string;
    }[];
    expect(mentionable.map((u) => u.name)).toContain('Fiona Family');

    const stopped = await priya.post(`/api/behaviour-support-plans/${plan.planId}/share`, {
      sharedWithFamily: false,
    });
    expect(stopped.status).toBe(200);
    expect((await fiona.get(`/api/cards/${plan.id}`)).status).toBe(404);
    expect((await fiona.get(`/api/cards/${plan.id}/comments`)).status).toBe(404);
    const after = (await priya.get(`/api/cards/${plan.id}/mentionable`)).body.data as { name: string }[];
    expect(after.map((u) => u.name)).not.toContain('Fiona Family');
  });
});

describe('mentions', () => {
  it('notifies each mentioned person but the author', async () => {
    const plan = await sharedPlan();
    const text = `@Sophie Support @Fiona Family please read the plan before Friday. ${'More detail follows. '.repeat(5)}`;
    const c = await comment('priya', plan.id, {
      content: text,
      type: 'mention',
      mentions: [idOf('sophie'), idOf('fiona'), idOf('priya'), idOf('sophie')],
    });
    expect(c.mentions).toEqual([idOf('sophie'), idOf('fiona'), idOf('priya')]);

    const inbox = (userId: string) =>
      t.readInTenant(sunrise, (tx) =>
        tx
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.type, 'mention'))),
      );
    const [sophie] = await inbox(idOf('sophie'));
    expect(
      sophie!.message.startsWith(`Priya Practitioner mentioned you on ${plan.workItemId}: @Sophie`),
    ).toBe(true);
    expect(sophie!.message.length).toBeLessThanOrEqual(
      `Priya Practitioner mentioned you on ${plan.workItemId}: `.length + 80,
    );
    expect(sophie!.cardId).toBe(plan.id);
    expect(await inbox(idOf('fiona'))).toHaveLength(1);
    expect(await inbox(idOf('priya'))).toHaveLength(0);
    expect(await inbox(idOf('lee'))).toHaveLength(0);

    // Through the API, in Sophie's inbox, linked to the card.
    const list = await (await as('sophie')).get('/api/notifications');
    const mention = list.body.data.find(
      (n: any) => n.type === 'mention' && n.message.includes(plan.workItemId),
    );
    expect(mention).toMatchObject({ cardId: plan.id });
    // Other notifications are about no card.
    expect(list.body.data.filter((n: any) => n.type !== 'mention').every((n: any) => n.cardId === null)).toBe(
      true,
    );
  });

  it('refuses mentions of people who could not read the comment, naming the problem', async () => {
    const plan = await sharedPlan();
    const task = await newCard({ title: 'Roster change' });
    const post = (cardId: string, body: Record<string, unknown>) =>
      as('priya').then((c) => c.post(`/api/cards/${cardId}/comments`, { content: 'Hello', ...body }));

    const stranger = await post(plan.id, {
      mentions: [userIds.get(emails.ben) ?? '019a0000-0000-7000-8000-000000000000'],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.message).toBe("Mentioned people must be members of this card's team");
    const internal = await post(plan.id, { isInternal: true, mentions: [idOf('fiona')] });
    expect(internal.status).toBe(400);
    expect(internal.body.error.message).toBe(
      'Fiona Family cannot read internal comments, so cannot be mentioned in one',
    );
    const hiddenCard = await post(task.id, { mentions: [idOf('fiona')] });
    expect(hiddenCard.status).toBe(400);
    expect(hiddenCard.body.error.message).toBe(
      'Fiona Family cannot open this card, so cannot be mentioned on it',
    );
    // Nothing was posted by the refused requests.
    expect(await thread('priya', plan.id)).toEqual([]);
  });

  it('lists who can be mentioned, narrowed for internal comments', async () => {
    const plan = await sharedPlan();
    const task = await newCard({ title: 'Roster change' });
    const names = async (cardId: string, query = '') =>
      ((await (await as('priya')).get(`/api/cards/${cardId}/mentionable${query}`)).body.data as any[]).map(
        (u) => `${u.name} (${u.role})`,
      );
    expect(await names(plan.id)).toEqual([
      'Fiona Family (Family Guardian)',
      'Lee Lead (Team Lead)',
      'Sophie Support (Support Worker)',
    ]);
    expect(await names(plan.id, '?internal=true')).toEqual([
      'Lee Lead (Team Lead)',
      'Sophie Support (Support Worker)',
    ]);
    expect(await names(task.id)).toEqual(['Lee Lead (Team Lead)', 'Sophie Support (Support Worker)']);
  });
});

describe('editing mentions', () => {
  const mentionsOf = (userId: string, cardId: string) =>
    t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.type, 'mention'),
            eq(notifications.cardId, cardId),
          ),
        ),
    );

  it('notifies only the people an edit newly mentions, and keeps the mentions when none are sent', async () => {
    const card = await newCard();
    const c = await comment('priya', card.id, {
      content: '@Sophie Support see this',
      mentions: [idOf('sophie')],
    });
    const url = `/api/cards/${card.id}/comments/${c.id}`;
    expect(await mentionsOf(idOf('sophie'), card.id)).toHaveLength(1);

    const edited = await (await as('priya')).patch(url, {
      content: '@Sophie Support @Lee Lead see this',
      mentions: [idOf('sophie'), idOf('lee'), idOf('lee'), idOf('priya')],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      content: '@Sophie Support @Lee Lead see this',
      mentions: [idOf('sophie'), idOf('lee'), idOf('priya')],
      isEdited: true,
    });
    // Sophie was told when the comment was posted; Lee now, once; the author never.
    expect(await mentionsOf(idOf('sophie'), card.id)).toHaveLength(1);
    const lee = await mentionsOf(idOf('lee'), card.id);
    expect(lee).toMatchObject([
      {
        message: `Priya Practitioner mentioned you on ${card.workItemId}: @Sophie Support @Lee Lead see this`,
        cardId: card.id,
      },
    ]);
    expect(await mentionsOf(idOf('priya'), card.id)).toHaveLength(0);

    // An edit without mentions keeps them; the same text and mentions again change nothing.
    const reworded = await (await as('priya')).patch(url, { content: 'Reworded: @Sophie Support @Lee Lead' });
    expect(reworded.body.data.mentions).toEqual([idOf('sophie'), idOf('lee'), idOf('priya')]);
    const same = await (await as('priya')).patch(url, {
      content: 'Reworded: @Sophie Support @Lee Lead',
      mentions: [idOf('sophie'), idOf('lee'), idOf('priya')],
    });
    expect(same.body.data.updatedAt).toBe(reworded.body.data.updatedAt);
    // Only mentions changed: saved and audited, not marked as a new text.
    const dropped = await (await as('priya')).patch(url, {
      content: 'Reworded: @Sophie Support @Lee Lead',
      mentions: [idOf('sophie')],
    });
    expect(dropped.body.data.mentions).toEqual([idOf('sophie')]);
    expect(await mentionsOf(idOf('lee'), card.id)).toHaveLength(1);

    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'comment'), eq(auditLog.entityId, c.id), eq(auditLog.action, 'updated')),
        ),
    );
    expect(audit.map((a) => a.changes)).toEqual(
      expect.arrayContaining([
        [
          {
            field: 'content',
            oldValue: '@Sophie Support see this',
            newValue: '@Sophie Support @Lee Lead see this',
          },
          {
            field: 'mentions',
            oldValue: [idOf('sophie')],
            newValue: [idOf('sophie'), idOf('lee'), idOf('priya')],
          },
        ],
        [
          {
            field: 'mentions',
            oldValue: [idOf('sophie'), idOf('lee'), idOf('priya')],
            newValue: [idOf('sophie')],
          },
        ],
      ]),
    );
    expect(audit).toHaveLength(3);
  });

  it('checks the people an edit newly mentions as a new comment would', async () => {
    const plan = await sharedPlan();
    const internal = await comment('priya', plan.id, { content: 'Staff note', isInternal: true });
    const url = `/api/cards/${plan.id}/comments/${internal.id}`;
    const refused = await (await as('priya')).patch(url, {
      content: 'Staff note for @Fiona Family',
      mentions: [idOf('fiona')],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'Fiona Family cannot read internal comments, so cannot be mentioned in one',
    );
    const stranger = await (await as('priya')).patch(url, {
      content: 'Staff note',
      mentions: [userIds.get(emails.ben) ?? '019a0000-0000-7000-8000-000000000000'],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.message).toBe("Mentioned people must be members of this card's team");
    // Nothing was saved, nobody told.
    const [kept] = (await thread('priya', plan.id)).filter((x) => x.id === internal.id);
    expect(kept).toMatchObject({ content: 'Staff note', mentions: [], isEdited: false });
    expect(await mentionsOf(idOf('fiona'), plan.id)).toHaveLength(0);

    // On the plan's open comment a guardian may be mentioned, and is told.
    const open = await comment('priya', plan.id, { content: 'Plan ready' });
    const added = await (await as('priya')).patch(`/api/cards/${plan.id}/comments/${open.id}`, {
      content: 'Plan ready, @Fiona Family',
      mentions: [idOf('fiona')],
    });
    expect(added.status).toBe(200);
    expect(await mentionsOf(idOf('fiona'), plan.id)).toHaveLength(1);
  });
});

describe('database keys', () => {
  it('ties a reply to a parent comment of the same tenant, and a notification to a card', async () => {
    const card = await newCard();
    const parent = await comment('priya', card.id, { content: 'Parent' });
    await comment('lee', card.id, { content: 'Reply', parentCommentId: parent.id });
    const insertReply = (tenantId: string, parentCommentId: string) =>
      t.readInTenant(tenantId, (tx) =>
        tx.insert(cardComments).values({
          tenantId,
          cardId: card.id,
          userRole: 'Practitioner',
          content: 'Orphan',
          parentCommentId,
        }),
      );
    const violation = { cause: { message: expect.stringMatching(/foreign key/) } };
    await expect(insertReply(sunrise, '019a0000-0000-7000-8000-000000000000')).rejects.toMatchObject(
      violation,
    );
    const inBluegum = (tx: Parameters<Parameters<TestApp['readInTenant']>[1]>[0]) =>
      tx.insert(notifications).values({
        tenantId: bluegum,
        userId: idOf('priya'),
        type: 'mention',
        message: 'x',
        cardId: card.id,
      });
    // Sunrise's card is no card of Bluegum's.
    await expect(t.readInTenant(bluegum, inBluegum)).rejects.toMatchObject(violation);
  });
});

describe('live updates', () => {
  it("announces thread changes to the tenant under the card's id, and a mention to its recipient only", async () => {
    const card = await newCard();
    const messages: any[] = [];
    const stop = await listenForChanges(t.database, (payload) => messages.push(JSON.parse(payload ?? '{}')), {
      warn: () => undefined,
    } as never);
    try {
      const c = await comment('priya', card.id, { content: 'Live', mentions: [idOf('sophie')] });
      await (await as('priya')).patch(`/api/cards/${card.id}/comments/${c.id}`, { content: 'Live, edited' });
      await (await as('lee')).request({
        method: 'PUT',
        url: `/api/cards/${card.id}/comments/${c.id}/reaction`,
        payload: { kind: 'like' },
      });
      await (await as('priya')).delete(`/api/cards/${card.id}/comments/${c.id}`);
      const until = Date.now() + 5000;
      const ofThread = () => messages.filter((m) => m.event?.entity === 'comment' && m.event.id === card.id);
      const mentions = () => messages.filter((m) => m.event?.entity === 'notification');
      while ((ofThread().length < 4 || mentions().length < 1) && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(ofThread()).toEqual(
        [
          { type: 'created', version: 1 },
          { type: 'updated', version: 2 },
          { type: 'updated', version: 3 },
          { type: 'deleted', version: 4 },
        ].map((e) => ({ tenantId: sunrise, userId: null, event: { ...e, entity: 'comment', id: card.id } })),
      );
      expect(mentions()).toMatchObject([
        { tenantId: sunrise, userId: idOf('sophie'), event: { type: 'created' } },
      ]);
    } finally {
      await stop();
    }
  });
});

describe('watching a card and who hears of a new comment', () => {
  const commentNotes = (person: Person, cardId: string) =>
    t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, idOf(person)),
            eq(notifications.type, 'comment'),
            eq(notifications.cardId, cardId),
          ),
        ),
    );

  it('watches and unwatches a card, idempotently, for whoever may open it', async () => {
    const card = await newCard();
    const url = `/api/cards/${card.id}/watch`;
    const sophie = await as('sophie');
    expect((await sophie.get(url)).body.data).toEqual({ watching: false, watchers: 0 });
    expect((await sophie.request({ method: 'PUT', url })).body.data).toEqual({ watching: true, watchers: 1 });
    expect((await sophie.request({ method: 'PUT', url })).body.data).toEqual({ watching: true, watchers: 1 });
    expect((await (await as('aria')).request({ method: 'PUT', url: url })).body.data).toEqual({
      watching: true,
      watchers: 2,
    });
    expect((await sophie.get(url)).body.data).toEqual({ watching: true, watchers: 2 });
    expect((await sophie.delete(url)).body.data).toEqual({ watching: false, watchers: 1 });
    expect((await sophie.delete(url)).body.data).toEqual({ watching: false, watchers: 1 });
    // A family guardian cannot open a task card, so cannot watch it; another tenant's owner neither.
    expect((await (await as('fiona')).request({ method: 'PUT', url: url })).status).toBe(404);
    const ben = await (await t.as(emails.ben)).inTenant(sunrise);
    expect((await ben.request({ method: 'PUT', url })).status).toBe(404);
  });

  it("tells the card's watchers of a new comment, not the author, not one who stopped watching", async () => {
    const card = await newCard();
    const url = `/api/cards/${card.id}/watch`;
    await (await as('sophie')).request({ method: 'PUT', url: url });
    await (await as('priya')).request({ method: 'PUT', url: url });
    await (await as('lee')).request({ method: 'PUT', url: url });
    await comment('lee', card.id, { content: 'Please check the shower chair order' });
    const [note] = await commentNotes('sophie', card.id);
    expect(note).toMatchObject({
      message: `Lee Lead commented on ${card.workItemId}: Please check the shower chair order`,
      cardId: card.id,
    });
    expect(await commentNotes('priya', card.id)).toHaveLength(1);
    expect(await commentNotes('lee', card.id)).toHaveLength(0);

    await (await as('priya')).delete(url);
    await comment('lee', card.id, { content: 'Done now' });
    expect(await commentNotes('sophie', card.id)).toHaveLength(2);
    expect(await commentNotes('priya', card.id)).toHaveLength(1);
  });

  it('tells a watcher of an internal comment only when they may read internal comments', async () => {
    const plan = await sharedPlan();
    await (await as('fiona')).request({ method: 'PUT', url: `/api/cards/${plan.id}/watch` });
    await (await as('sophie')).request({ method: 'PUT', url: `/api/cards/${plan.id}/watch` });
    await comment('priya', plan.id, { content: 'Clinical note', isInternal: true });
    expect(await commentNotes('fiona', plan.id)).toHaveLength(0);
    expect(await commentNotes('sophie', plan.id)).toHaveLength(1);
  });

  it("tells the team's lead of a family guardian's comment, and a mention is told once", async () => {
    const plan = await sharedPlan();
    const before = (await commentNotes('lee', plan.id)).length;
    await comment('fiona', plan.id, { content: 'Can we talk about the evening routine?' });
    const notes = await commentNotes('lee', plan.id);
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)!.message).toBe(
      `Fiona Family commented on ${plan.workItemId}: Can we talk about the evening routine?`,
    );
    // A practitioner's comment is not a family's: the lead hears of it only by watching.
    await comment('priya', plan.id, { content: 'Plan updated' });
    expect(await commentNotes('lee', plan.id)).toHaveLength(before + 1);
    // A lead the guardian mentions hears once, of the mention.
    await comment('fiona', plan.id, { content: '@Lee Lead thank you', mentions: [idOf('lee')] });
    expect(await commentNotes('lee', plan.id)).toHaveLength(before + 1);
  });
});
