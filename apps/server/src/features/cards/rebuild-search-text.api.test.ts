import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { cards } from '../../db/schema/cards';
import { tenants } from '../../db/schema/tenants';
import { listenForChanges } from '../events/change-feed';
import { searchTextVersion } from './card-values';
import { rebuildOutdatedSearchText } from './rebuild-search-text';

let t: TestApp;
let sunrise: string;
let bluegum: string;
let lee: TestClient;
let jordanTeam: string;

async function search(client: TestClient, q: string): Promise<string[]> {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (res.body.data as { id: string }[]).map((x) => x.id);
}

const versionOf = async (tenantId: string) =>
  (
    await t.readInTenant(tenantId, (tx) =>
      tx.select({ v: tenants.searchTextVersion }).from(tenants).where(eq(tenants.id, tenantId)),
    )
  )[0]!.v;

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
  const teams = (await lee.get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
});
afterAll(() => t.close());

describe('dates in search', () => {
  it('finds a card by its dates as the page shows them and with the month in full', async () => {
    const card = (
      await lee.post('/api/cards', { teamId: jordanTeam, title: 'Bettong release', dueDate: '2031-09-06' })
    ).body.data;
    for (const q of [
      'bettong 6 Sept 2031',
      'bettong 6 September 2031',
      'bettong sep 2031',
      'bettong 06/09/2031',
    ]) {
      expect(await search(lee, q), q).toEqual([card.id]);
    }
    expect(await search(lee, 'bettong 6 October 2031')).toEqual([]);
  });
});

describe('rebuilding search text of an older format at start-up', () => {
  it('rebuilds every card of the tenants that are behind, in batches, then marks them current', async () => {
    expect(await versionOf(sunrise)).toBe(searchTextVersion);
    const card = (
      await lee.post('/api/cards', { teamId: jordanTeam, title: 'Potoroo survey', dueDate: '2031-05-06' })
    ).body.data;
    // Sunrise as an older server left it: 1,200 more cards and this one with text of the old
    // format (no month names), and the tenant marked behind. Bluegum stays current.
    await t.readInTenant(sunrise, async (tx) => {
      await tx.execute(
        `insert into cards (tenant_id, id, team_id, number, work_item_prefix, type, title, compliance, search_text, due_date)
         select '${sunrise}', gen_random_uuid(), '${jordanTeam}', 200000 + g, 'SUN', 'task', 'Old card ' || g,
           '{"isCompliant": true, "completion": 100, "issues": []}'::jsonb, 'stale', '2031-05-06'
         from generate_series(1, 1200) g` as never,
      );
      await tx
        .update(cards)
        .set({ searchText: `${card.workItemId.toLowerCase()} potoroo survey 2031-05-06 6/5/2031 06/05/2031` })
        .where(eq(cards.id, card.id));
      await tx.update(tenants).set({ searchTextVersion: 0 }).where(eq(tenants.id, sunrise));
    });
    expect(await search(lee, 'potoroo may')).toEqual([]);

    const messages: { tenantId: string; event: unknown }[] = [];
    const stop = await listenForChanges(t.database, (p) => messages.push(JSON.parse(p ?? '{}')), {
      warn: () => undefined,
    } as never);
    try {
      expect(await rebuildOutdatedSearchText(t.database.db)).toEqual({ tenants: 1, changed: 1201 });
      const until = Date.now() + 5000;
      while (messages.length < 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await stop();
    }
    // Open views of Sunrise's cards (and searches) are told to ask again; Bluegum changed nothing.
    expect(messages).toEqual([
      { tenantId: sunrise, userId: null, event: { type: 'updated', entity: 'card', id: '*', version: null } },
    ]);
    expect(await search(lee, 'potoroo 6 may 2031')).toEqual([card.id]);
    const stale = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ n: count() })
        .from(cards)
        .where(and(eq(cards.tenantId, sunrise), like(cards.searchText, '%stale%'))),
    );
    expect(stale[0]!.n).toBe(0);
    expect(await versionOf(sunrise)).toBe(searchTextVersion);
    expect(await versionOf(bluegum)).toBe(searchTextVersion);

    // Once current, a start-up finds nothing to do.
    expect(await rebuildOutdatedSearchText(t.database.db)).toEqual({ tenants: 0, changed: 0 });
  });
});
