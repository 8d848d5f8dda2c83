import { createHash, randomUUID } from 'node:crypto';
import { searchMessages } from '@wattle/domain/search/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient, testActor } from '../../../test/harness';
import { rowsOf } from '../../db/raw-rows';
import { cards } from '../../db/schema/cards';
import { runInTenant } from '../../http/tenant-scope';
import { searchCards, searchCardsQuery } from './search-cards';

let t: TestApp;
let sunrise: string;
let bluegum: string;
let jordanTeam: string;
let miaTeam: string;
/** A card of Jordan's team with distinctive words in every searchable part. */
let quokka: any;
/** One of Mia's team, which Lee and Fiona do not see. */
let miaCard: any;

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  priya: 'priya.practitioner@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  ben: 'ben.owner@bluegum.example',
} as const;

async function as(person: keyof typeof emails): Promise<TestClient> {
  return (await t.as(emails[person])).inTenant(person === 'ben' ? bluegum : sunrise);
}

async function search(person: keyof typeof emails, q: string, extra = '') {
  const res = await (await as(person)).get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as any[];
}

const ids = (list: any[]) => list.map((x) => x.id);

/** The lines of an EXPLAIN (or of wattle_explain_search_card_ids), as one text. */
const planText = (result: unknown) =>
  rowsOf<Record<string, string>>(result)
    .map((row) => Object.values(row)[0])
    .join('\n');

/** The calendar day of an instant in Sydney, Sunrise's time zone. */
const sydneyDay = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(instant));

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const olivia = await as('olivia');
  const teams = (await olivia.get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
  miaTeam = teams.find((x) => x.name === "Mia's Care Team")!.id;
  const priyaId = (await (await as('priya')).get('/api/me')).body.data.id;
  const created = await (await as('lee')).post('/api/cards', {
    teamId: jordanTeam,
    title: 'Quokka hydrotherapy session',
    description: `Warm pool at the Marrickville centre. ${'Long notes. '.repeat(40)}`,
    templateId: 'incident-report',
    assigneeId: priyaId,
    dueDate: '2031-05-06',
    fieldValues: { 'incident-description': '<p>Saw a <b>numbat</b> near the change rooms.</p>' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  quokka = created.body.data;
  const mia = await (await as('priya')).post('/api/cards', {
    teamId: miaTeam,
    title: 'Quokka cooking lesson',
  });
  expect(mia.status).toBe(201);
  miaCard = mia.body.data;
});
afterAll(() => t.close());

describe('GET /api/search', () => {
  it('finds a card when every word appears, in any part and any case', async () => {
    for (const q of [
      'quokka',
      'QUOKKA Hydrotherapy',
      'hydrotherapy marrickville',
      'quokka priya', // assignee
      'numbat quokka', // a field value, rich text stripped
      '2031-05-06', // due date, ISO
      '6/5/2031 quokka', // due date as people type it
      'hydro quok',
    ]) {
      expect(ids(await search('lee', q)), q).toContain(quokka.id);
    }
  });

  it("matches the created date in the tenant's time zone, as ISO and day-first", async () => {
    // The day in Sydney (Sunrise's zone), which is not the UTC day from 13:00 or 14:00 UTC on.
    const created = sydneyDay(quokka.createdAt);
    const [hit] = await search('lee', `quokka ${created}`);
    expect(hit?.id).toBe(quokka.id);
    expect(hit?.createdDate).toBe(created);
    const [y, m, d] = created.split('-');
    expect(ids(await search('lee', `quokka ${Number(d)}/${Number(m)}/${y}`))).toContain(quokka.id);
  });

  it("answers the created day in the tenant's time zone, not the UTC day", async () => {
    const lee = await as('lee');
    const card = (await lee.post('/api/cards', { teamId: jordanTeam, title: 'Pademelon evening shift' })).body
      .data;
    // 20:00 UTC on 4 March is 07:00 on 5 March in Sydney.
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(cards)
        .set({ createdAt: new Date('2031-03-04T20:00:00Z') })
        .where(eq(cards.id, card.id)),
    );
    const [hit] = await search('lee', 'pademelon');
    expect(hit?.createdAt).toBe('2031-03-04T20:00:00.000Z');
    expect(hit?.createdDate).toBe('2031-03-05');
  });

  it('uses every word of a long query, the eleventh and beyond too', async () => {
    const lee = await as('lee');
    const words = 'possum wombat dingo emu galah kookaburra cassowary platypus bilby numbat';
    const card = (await lee.post('/api/cards', { teamId: jordanTeam, title: words })).body.data;
    expect(ids(await search('lee', words))).toEqual([card.id]);
    expect(await search('lee', `${words} quoll`)).toEqual([]);
    expect(await search('lee', `${words} quoll dugong`)).toEqual([]);
    expect(ids(await search('lee', `${words} ${card.workItemId}`))).toEqual([card.id]);
  });

  it('finds nothing when one word is missing, and nothing for an empty query', async () => {
    expect(await search('lee', 'quokka platypus')).toEqual([]);
    expect(await search('lee', '')).toEqual([]);
    expect(await search('lee', '   ')).toEqual([]);
  });

  it('answers what both boxes show of a card', async () => {
    const [hit] = (await search('lee', 'quokka hydrotherapy')).filter((x) => x.id === quokka.id);
    expect(hit).toEqual({
      id: quokka.id,
      workItemId: quokka.workItemId,
      teamId: jordanTeam,
      title: 'Quokka hydrotherapy session',
      description: quokka.description.slice(0, 200),
      assigneeName: 'Priya Practitioner',
      dueDate: '2031-05-06',
      createdDate: sydneyDay(quokka.createdAt),
      createdAt: quokka.createdAt,
      updatedAt: quokka.updatedAt,
    });
    expect(hit.description).toHaveLength(200);
  });

  it('lists the most recently changed first and keeps to the limit', async () => {
    const lee = await as('lee');
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await lee.post('/api/cards', { teamId: jordanTeam, title: `Echidna roster ${i}` });
      made.push(res.body.data.id);
    }
    expect(ids(await search('lee', 'echidna roster'))).toEqual([...made].reverse());
    // Touch the oldest: it comes first.
    await lee.patch(`/api/cards/${made[0]}`, { version: 1, priority: 'high' });
    expect(ids(await search('lee', 'echidna', '&limit=2'))).toEqual([made[0], made[3]]);
    const over = await lee.get('/api/search?q=echidna&limit=21');
    expect(over.status).toBe(400);
  });

  it('searches only the teams whose cards the caller may read, and one team when asked', async () => {
    expect(ids(await search('olivia', 'quokka')).sort()).toEqual([quokka.id, miaCard.id].sort());
    expect(ids(await search('aria', 'quokka')).sort()).toEqual([quokka.id, miaCard.id].sort());
    expect(ids(await search('lee', 'quokka'))).toEqual([quokka.id]); // not on Mia's team
    expect(ids(await search('gus', 'quokka'))).toEqual([miaCard.id]); // shared Mia's team only
    expect(await search('fiona', 'quokka')).toEqual([]); // sees the team, not its cards
    expect(await search('ben', 'quokka')).toEqual([]); // another tenant
    expect(ids(await search('olivia', 'quokka', `&teamId=${miaTeam}`))).toEqual([miaCard.id]);
    const hidden = await (await as('lee')).get(`/api/search?q=quokka&teamId=${miaTeam}`);
    expect(hidden.status).toBe(404);
    const unknown = await (await as('olivia')).get(`/api/search?q=quokka&teamId=${randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it('leaves deleted cards out', async () => {
    const lee = await as('lee');
    const card = (await lee.post('/api/cards', { teamId: jordanTeam, title: 'Bandicoot visit' })).body.data;
    expect(ids(await search('lee', 'bandicoot'))).toEqual([card.id]);
    await lee.delete(`/api/cards/${card.id}?version=1`);
    expect(await search('lee', 'bandicoot')).toEqual([]);
  });

  it('treats %, _ and \\ in a word as themselves', async () => {
    const lee = await as('lee');
    const card = (await lee.post('/api/cards', { teamId: jordanTeam, title: 'Wallaby 50% off_peak' })).body
      .data;
    expect(ids(await search('lee', 'wallaby 50%'))).toEqual([card.id]);
    expect(ids(await search('lee', 'off_peak'))).toEqual([card.id]);
    expect(await search('lee', 'wallaby 5%0')).toEqual([]);
    expect(await search('lee', 'wallaby off_p_ak')).toEqual([]);
    const backslash = (await lee.post('/api/cards', { teamId: jordanTeam, title: 'Wallaby C:\\temp' })).body
      .data;
    expect(ids(await search('lee', 'wallaby c:\\temp'))).toEqual([backslash.id]);
    expect(await search('lee', 'wallaby c:\\\\temp')).toEqual([]);
    // The patterns the database function builds, as LIKE reads them.
    const plan = await t.readInTenant(sunrise, (tx) =>
      tx.execute(sql`select * from wattle_explain_search_card_ids(array['a\\b%c_d'], null, 20)`),
    );
    expect(planText(plan)).toContain(String.raw`~~ '%a\\b\%c\_d%'::text`);
  });

  it('refuses a query over 200 characters with the search message', async () => {
    const res = await (await as('lee')).get(`/api/search?q=${'a'.repeat(2000)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.message).toBe(searchMessages.tooLong);
    expect(res.body.error.message).toBe('A search can be at most 200 characters');
    expect((await (await as('lee')).get(`/api/search?q=${'a'.repeat(200)}`)).status).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.anonymous().get('/api/openapi.json')).body;
    const operation = doc.paths['/api/search']?.get;
    expect(operation.tags).toEqual(['search']);
    expect(operation.description).toContain('every space-separated word');
    expect(operation.parameters.map((p: any) => p.name).sort()).toEqual(['limit', 'q', 'teamId']);
    const item = operation.responses['200'].content['application/json'].schema.properties.data.items;
    expect(item.required).toContain('createdDate');
    expect(item.properties.createdDate).toMatchObject({ type: 'string', format: 'date' });
    expect(operation.description).toContain(
      "createdDate is the day it was created in the tenant's time zone",
    );
  });
});

describe('the search function (wattle_search_card_ids) and the trigram index', () => {
  let bluegumQuokka: any;
  let benTeam: string;

  beforeAll(async () => {
    const ben = await as('ben');
    benTeam = ((await ben.get('/api/teams')).body.data as { id: string }[])[0]!.id;
    const created = await ben.post('/api/cards', { teamId: benTeam, title: 'Quokka river walk' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    bluegumQuokka = created.body.data;
  });

  /** The ids the function answers as wattle_app in `tenantId` (or with no tenant set at all). */
  async function functionIds(
    tenantId: string | null,
    words: string[],
    teamIds: string[] | null,
    limit = 100,
  ) {
    const run = (tx: any) =>
      tx.execute(
        sql`select wattle_search_card_ids(${sql.param(words)}::text[], ${sql.param(teamIds)}::uuid[], ${limit}::int) as id`,
      );
    const result = tenantId ? await t.readInTenant(tenantId, run) : await t.readAsGlobalAdmin(run);
    return rowsOf<{ id: string }>(result).map((row) => row.id);
  }

  it("never answers another tenant's cards, through the API or called directly", async () => {
    expect(ids(await search('ben', 'quokka'))).toEqual([bluegumQuokka.id]);
    expect(ids(await search('olivia', 'quokka')).sort()).toEqual([quokka.id, miaCard.id].sort());
    expect(await functionIds(bluegum, ['quokka'], null)).toEqual([bluegumQuokka.id]);
    expect((await functionIds(sunrise, ['quokka'], null)).sort()).toEqual([quokka.id, miaCard.id].sort());
    // Another tenant's teams named from Bluegum find nothing; no tenant set, nothing at all.
    expect(await functionIds(bluegum, ['quokka'], [jordanTeam, miaTeam])).toEqual([]);
    expect(await functionIds(null, ['quokka'], null)).toEqual([]);
    expect(await functionIds(bluegum, [], null)).toEqual([]);
  });

  it('answers the newest matches whether the newest cards hold a page of them or not', async () => {
    // 30 of Jordan's cards changed after every other card, a minute apart: 'bandicoot' on the
    // three oldest and the three newest, 'burrow' on the three oldest only, 'wallaby' on the 5th and
    // the 25th.
    const inserted = await t.readInTenant(sunrise, (tx) =>
      tx.execute(sql`insert into cards (tenant_id, id, team_id, number, work_item_prefix, type, title, compliance, search_text, updated_at)
        select ${sunrise}, gen_random_uuid(), ${jordanTeam}, 200000 + g, 'SUN', 'task', 'Step ' || g,
          '{"isCompliant": true, "completion": 100, "issues": []}'::jsonb,
          'step ' || g || case when g <= 3 then ' bandicoot burrow' when g >= 28 then ' bandicoot' else '' end
            || case when g in (5, 25) then ' wallaby' else '' end,
          timestamptz '2040-01-01' + g * interval '1 minute'
        from generate_series(1, 30) g
        returning id, title`),
    );
    const idOf = new Map(rowsOf<{ id: string; title: string }>(inserted).map((row) => [row.title, row.id]));
    const steps = (...numbers: number[]) => numbers.map((n) => idOf.get(`Step ${n}`));

    // A page of 3 among the newest 30 cards: the walk over the newest cards answers it.
    expect(await functionIds(sunrise, ['bandicoot'], [jordanTeam], 3)).toEqual(steps(30, 29, 28));
    expect(await functionIds(sunrise, ['bandicoot'], null, 3)).toEqual(steps(30, 29, 28));
    // The newest 40 hold all six: a page of 4 takes the newest of them, on any of the teams given.
    expect(await functionIds(sunrise, ['bandicoot'], [jordanTeam, miaTeam], 4)).toEqual(steps(30, 29, 28, 3));
    // A page of 2: the newest 20 (ten pages) hold one wallaby, the newest 200 both.
    expect(await functionIds(sunrise, ['wallaby'], [jordanTeam], 2)).toEqual(steps(25, 5));
    // Words only older cards hold (none among the newest 10 or 20, ten pages' worth) are found
    // through the last step, over all the cards, still newest first.
    expect(await functionIds(sunrise, ['burrow', 'bandicoot'], [jordanTeam], 1)).toEqual(steps(3));
    expect(await functionIds(sunrise, ['burrow'], null, 2)).toEqual(steps(3, 2));
    expect(await functionIds(sunrise, ['burrow'], [miaTeam], 2)).toEqual([]);
    // That step turns index scans off for itself alone.
    const after = await t.readInTenant(sunrise, async (tx) => {
      await tx.execute(sql`select wattle_search_card_ids(array['burrow'], null, 2)`);
      return rowsOf<{ enable_indexscan: string }>(await tx.execute(sql`show enable_indexscan`))[0];
    });
    expect(after?.enable_indexscan).toBe('on');
    await t.readInTenant(sunrise, (tx) => tx.delete(cards).where(sql`${cards.number} > 200000`));
  });

  it('runs without JIT compilation and with 16 MB of work_mem, as does its plans function (migrations 0037, 0038)', async () => {
    const settings = await t.readInTenant(sunrise, (tx) =>
      tx.execute(sql`select p.oid::regprocedure::text as fn, p.proconfig as config from pg_proc p
        where p.proname in ('wattle_search_card_ids', 'wattle_explain_search_card_ids') order by 1`),
    );
    const rows = rowsOf<{ fn: string; config: string[] | string | null }>(settings);
    expect(rows.map((row) => row.fn)).toEqual([
      'wattle_explain_search_card_ids(text[],uuid[],integer,boolean)',
      'wattle_search_card_ids(text[],uuid[],integer)',
    ]);
    // PGlite answers a text[] as its text form.
    for (const row of rows) {
      expect(String(row.config)).toContain('jit=off');
      expect(String(row.config)).toContain('work_mem=16MB');
    }
    // For the function alone: the caller's setting is as it was once it returns.
    const after = await t.readInTenant(sunrise, async (tx) => {
      await tx.execute(sql`select wattle_search_card_ids(array['burrow'], null, 2)`);
      return rowsOf<{ work_mem: string }>(await tx.execute(sql`show work_mem`))[0];
    });
    expect(after?.work_mem).not.toBe('16MB');
  });

  it('may be run by wattle_app only, and its query builder by nobody', async () => {
    const privileges = await t.readInTenant(sunrise, (tx) =>
      tx.execute(sql`select
        has_function_privilege('public', 'wattle_search_card_ids(text[], uuid[], integer)', 'execute') as public_search,
        has_function_privilege('public', 'wattle_explain_search_card_ids(text[], uuid[], integer, boolean)', 'execute') as public_explain,
        has_function_privilege('public', 'wattle_search_card_ids_sql(text[], uuid[], integer, integer)', 'execute') as public_sql,
        has_function_privilege('wattle_app', 'wattle_search_card_ids_sql(text[], uuid[], integer, integer)', 'execute') as app_sql,
        has_function_privilege('wattle_app', 'wattle_search_card_ids(text[], uuid[], integer)', 'execute') as app_search,
        has_function_privilege('wattle_app', 'wattle_search_walk_size(integer, integer, integer)', 'execute') as app_walk_size,
        has_function_privilege('public', 'wattle_search_word_conditions(text[])', 'execute') as public_words,
        has_function_privilege('wattle_app', 'wattle_search_word_conditions(text[])', 'execute') as app_words`),
    );
    expect(rowsOf(privileges)[0]).toEqual({
      public_search: false,
      public_explain: false,
      public_sql: false,
      app_sql: false,
      app_search: true,
      app_walk_size: false,
      public_words: false,
      app_words: false,
    });
  });

  it('answers a rare word from an index as the app role, in a tenant of thousands of cards', async () => {
    // 3,000 more Bluegum cards, each with nine random-looking words; then a vacuum, as autovacuum
    // would make, moves them from the index's pending list into the index, and fresh statistics.
    await t.readInTenant(bluegum, (tx) =>
      tx.execute(sql`insert into cards (tenant_id, id, team_id, number, work_item_prefix, type, title, compliance, search_text)
        select ${bluegum}, gen_random_uuid(), ${benTeam}, 100000 + g, 'BLU', 'task', 'Bulk ' || g,
          '{"isCompliant": true, "completion": 100, "issues": []}'::jsonb,
          'bulk ' || md5(g::text) || ' ' || (select string_agg(md5('w' || (g * 10 + k)), ' ') from generate_series(1, 8) k)
        from generate_series(1, 3000) g`),
    );
    await t.database.db.execute(sql`vacuum analyze cards`);
    const rare = createHash('md5').update('1234').digest('hex').slice(0, 16);
    expect((await search('ben', rare)).map((x) => x.title)).toEqual(['Bulk 1234']);

    const benId = (await (await as('ben')).get('/api/me')).body.data.id as string;
    const actor = testActor({ id: benId, email: emails.ben, name: 'Ben Owner' });
    await runInTenant(t.database.db, bluegum, actor, async (ctx) => {
      // Step (c) asks the word index for the cards holding a vocabulary word that contains the
      // rare word (migration 0040).
      const scans = async () =>
        Number(
          rowsOf<{ n: string | number }>(
            await ctx.tx.execute(sql`select pg_stat_get_xact_numscans('cards_words_idx'::regclass) as n`),
          )[0]!.n,
        );
      // The service's own call, as a request makes it: the word index is scanned.
      const before = await scans();
      const found = await searchCards(ctx, { q: rare.toUpperCase(), limit: 20 });
      expect(found.map((x) => x.title)).toEqual(['Bulk 1234']);
      expect(await scans()).toBeGreaterThan(before);

      // The request's query takes the page's ids from the function and reads each by primary key
      // (not by walking the tenant's or a team's cards);
      const query = searchCardsQuery(ctx.tx, { tenantId: bluegum, words: [rare], teamIds: null, limit: 20 });
      const outer = planText(await ctx.tx.execute(sql`explain verbose ${query}`));
      expect(outer).toContain('wattle_search_card_ids');
      expect(outer).toMatch(/Index Scan using cards_tenant_id_id_pk[\s\S]*cards\.id = ANY/);
      // the function's own query, run as it runs there, finds them in the word index, with the
      // word's like checked on each card it hands over;
      const inside = planText(
        await ctx.tx.execute(sql`select * from wattle_explain_search_card_ids(array[${rare}], null, 20)`),
      );
      const stepC = inside.slice(inside.indexOf('c. all cards'));
      expect(stepC).toMatch(/Bitmap Index Scan on cards_words_idx/);
      expect(stepC).toContain(`~~ '%${rare}%'::text`);
      // a word no card holds (none of the vocabulary's words contains it) from the trigram index,
      const absent = planText(
        await ctx.tx.execute(sql`select * from wattle_explain_search_card_ids(array['zq9xw7vk'], null, 20)`),
      );
      expect(absent.slice(absent.indexOf('c. all cards'))).toContain('cards_search_idx');
      // which the same LIKE in the request itself cannot use (LIKE is not leakproof).
      const direct = planText(
        await ctx.tx.execute(sql`explain select id from cards
          where tenant_id = ${bluegum} and deleted_at is null and search_text like ${`%${rare}%`}
          order by updated_at desc, id desc limit 20`),
      );
      expect(direct).not.toContain('cards_search_idx');
    });
  });
});

describe("step (c) through the words of each card and each tenant's vocabulary (migration 0040)", () => {
  /** The ids the function answers as wattle_app in `tenantId`, a page of 100 (so step (c) runs). */
  async function functionIds(tenantId: string, words: string[]) {
    const result = await t.readInTenant(tenantId, (tx) =>
      tx.execute(sql`select wattle_search_card_ids(${sql.param(words)}::text[], null, 100) as id`),
    );
    return rowsOf<{ id: string }>(result).map((row) => row.id);
  }

  /** The same search as a plain `like` per word over the tenant's live cards (as the administrator). */
  async function likeIds(tenantId: string, words: string[]) {
    const likes = words.map(
      (w) => sql` and search_text like ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
    const result = await t.database.db.execute(
      sql`select id from cards where tenant_id = ${tenantId} and deleted_at is null${sql.join(likes, sql``)}
        order by updated_at desc, id desc limit 100`,
    );
    return rowsOf<{ id: string }>(result).map((row) => row.id);
  }

  /** The plan of step (c) for `words` in `tenantId`, as the function runs it. */
  async function stepC(tenantId: string, words: string[]) {
    const plan = planText(
      await t.readInTenant(tenantId, (tx) =>
        tx.execute(sql`select * from wattle_explain_search_card_ids(${sql.param(words)}::text[], null, 100)`),
      ),
    );
    return plan.slice(plan.indexOf('c. all cards'));
  }

  let visits: any;
  let revisit: any;
  let longWord: string;
  let longCard: any;

  beforeAll(async () => {
    const lee = await as('lee');
    const post = async (body: Record<string, unknown>) => {
      const res = await lee.post('/api/cards', { teamId: jordanTeam, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data;
    };
    visits = await post({ title: 'Echidna home visits', description: 'Two visits weekly.' });
    revisit = await post({ title: 'Echidna plan, revisit in March' });
    // A word of 4,000 characters (a pasted link or data): no index keys it as itself, yet the
    // card saves and is found by any part of it.
    longWord = Array.from({ length: 125 }, (_, i) =>
      createHash('md5').update(`long ${i}`).digest('hex'),
    ).join('');
    longCard = await post({ title: 'Echidna pasted link', description: `see ${longWord} there` });
  });

  it("answers the same cards as a plain like, a word inside a longer word too ('visit' in 'visits', 'revisit')", async () => {
    const visit = await functionIds(sunrise, ['visit']);
    expect(visit).toEqual(expect.arrayContaining([visits.id, revisit.id]));
    for (const words of [
      ['visit'],
      ['visits'],
      ['revisit'],
      ['isit', 'echidna'],
      ['echidna', 'visit'],
      ['echidna'],
      ['weekly.'],
      ['quokka'],
      ['hydrotherapy', 'numbat'],
      ['xyzzy'],
      [longWord.slice(1000, 1040)],
      [longWord.slice(0, 10), 'echidna'],
      ['50%'],
      ['off_peak'],
    ]) {
      expect(await functionIds(sunrise, words), words.join(' ')).toEqual(await likeIds(sunrise, words));
    }
    expect(await functionIds(sunrise, [longWord.slice(2000, 2030)])).toEqual([longCard.id]);
    // Step (c) of 'visit' asks the word index for the vocabulary's words that hold it, and the
    // cards with a word too long to key ('').
    const plan = await stepC(sunrise, ['visit']);
    expect(plan).toContain('&& ');
    expect(plan).toMatch(/visits/);
    expect(plan).toMatch(/revisit/);
  });

  it('finds a card edited later by its new words, and no longer by its old ones', async () => {
    const lee = await as('lee');
    const patched = await lee.patch(`/api/cards/${revisit.id}`, {
      version: revisit.version,
      title: 'Echidna plan, quendafig check',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await functionIds(sunrise, ['quendafig'])).toEqual([revisit.id]);
    expect(ids(await search('lee', 'quendafig'))).toEqual([revisit.id]);
    // 'revisit' stays in the vocabulary (words are never removed): the like drops the card.
    expect(await functionIds(sunrise, ['revisit'])).toEqual(await likeIds(sunrise, ['revisit']));
    expect(await functionIds(sunrise, ['revisit'])).not.toContain(revisit.id);
  });

  it('holds every word of every card, deleted ones too', async () => {
    const missing = await t.database.db.execute(sql`select count(*)::int as n
      from cards c, unnest(string_to_array(regexp_replace(c.search_text, '[^ ]{200}[^ ]+', '', 'g'), ' ')) w
      where w <> '' and not exists (
        select 1 from card_search_words s where s.tenant_id = c.tenant_id and s.word = w)`);
    expect(rowsOf<{ n: number }>(missing)[0]!.n).toBe(0);
    const long = await t.database.db.execute(
      sql`select count(*)::int as n from card_search_words where length(word) > 200`,
    );
    expect(rowsOf<{ n: number }>(long)[0]!.n).toBe(0);
  });

  it("never lets another tenant's words find or show anything", async () => {
    const ben = await as('ben');
    const team = ((await ben.get('/api/teams')).body.data as { id: string }[])[0]!.id;
    const platypus = await ben.post('/api/cards', { teamId: team, title: 'Platypusbilby survey' });
    expect(platypus.status).toBe(201);
    expect(await functionIds(bluegum, ['platypusbil'])).toEqual([platypus.body.data.id]);
    // Sunrise holds no such word: Bluegum's vocabulary gives it nothing, not even in the plan.
    expect(await functionIds(sunrise, ['platypusbil'])).toEqual([]);
    expect(await search('olivia', 'platypusbil')).toEqual([]);
    expect(await stepC(sunrise, ['platypusbil'])).not.toContain('platypusbilby');
    expect(await stepC(bluegum, ['platypusbil'])).toContain('platypusbilby');
    // A Bluegum word that Sunrise's cards also hold inside a word still finds Sunrise's cards only.
    await t.database.db.execute(
      sql`insert into card_search_words (tenant_id, word) values (${bluegum}, 'echidnas') on conflict do nothing`,
    );
    expect(await stepC(sunrise, ['echidna'])).not.toContain('echidnas');
    expect((await functionIds(sunrise, ['echidna'])).sort()).toEqual(
      (await likeIds(sunrise, ['echidna'])).sort(),
    );
    // Requests may neither read nor write the vocabulary, even their own tenant's.
    await expect(
      t.readInTenant(sunrise, (tx) => tx.execute(sql`select word from card_search_words limit 1`)),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
    await expect(
      t.readInTenant(sunrise, (tx) =>
        tx.execute(sql`insert into card_search_words (tenant_id, word) values (${sunrise}, 'x')`),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
  });
});
