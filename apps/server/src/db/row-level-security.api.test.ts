import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testActor } from '../../test/harness';
import { teams } from './schema/teams';
import { withTenant, withUser } from './with-tenant';

let t: TestApp;
let sunrise: string;
let bluegum: string;
const actor = testActor();

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
});
afterAll(() => t.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** Drizzle wraps the database's error; its cause carries the Postgres message. */
const causedBy = (pattern: RegExp) => ({ cause: { message: expect.stringMatching(pattern) } });

describe('row-level security', () => {
  it('is enabled and forced, with a policy, on every table whose first column is tenant_id', async () => {
    const tables = rows<{ relname: string; enabled: boolean; forced: boolean; policies: number }>(
      await t.database.db.execute(sql`
        select c.relname, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
               (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_attribute a on a.attrelid = c.oid and a.attnum = 1 and a.attname = 'tenant_id'
        where c.relkind = 'r'`),
    );
    expect(tables.length).toBeGreaterThanOrEqual(6);
    for (const table of tables) {
      expect(table, table.relname).toMatchObject({ enabled: true, forced: true });
      expect(table.policies, table.relname).toBeGreaterThan(0);
    }
  });

  it('keys every foreign key between tenant tables by tenant_id too (DESIGN.md section 3)', async () => {
    const keys = rows<{ name: string; keys: number[]; refs: number[] }>(
      await t.database.db.execute(sql`
        select con.conname as name, con.conkey::int[] as keys, con.confkey::int[] as refs
        from pg_constraint con
        join pg_namespace n on n.oid = con.connamespace and n.nspname = 'public'
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = 1 and a.attname = 'tenant_id'
        join pg_attribute r on r.attrelid = con.confrelid and r.attnum = 1 and r.attname = 'tenant_id'
        where con.contype = 'f'`),
    );
    // Among them a reply's parent comment and a notification's card.
    expect(keys.map((k) => k.name)).toEqual(
      expect.arrayContaining(['card_comments_parent_comment_fk', 'notifications_card_fk']),
    );
    for (const key of keys) {
      // tenant_id (column 1 of both tables) is part of the key, matched with tenant_id.
      expect(key.keys.indexOf(1), key.name).toBeGreaterThanOrEqual(0);
      expect(key.refs.indexOf(1), key.name).toBe(key.keys.indexOf(1));
    }
  });

  it('shows a transaction only its own tenant, and nothing when the tenant is forgotten', async () => {
    const inBluegum = await withTenant(t.database.db, bluegum, actor, (tx) => tx.select().from(teams));
    expect(inBluegum.length).toBe(2);
    expect(inBluegum.every((team) => team.tenantId === bluegum)).toBe(true);
    const unscoped = await withUser(t.database.db, actor, (tx) => tx.select().from(teams));
    expect(unscoped).toEqual([]);
  });

  it('refuses to write a row into another tenant', async () => {
    await expect(
      withTenant(t.database.db, bluegum, actor, (tx) =>
        tx
          .insert(teams)
          .values({ tenantId: sunrise, slug: 'sneaky-abc123', name: 'Sneaky', workflowStates: [] }),
      ),
    ).rejects.toMatchObject(causedBy(/row-level security/));
  });

  it('cannot update or delete rows of another tenant', async () => {
    await withTenant(t.database.db, bluegum, actor, async (tx) => {
      await tx.execute(sql`update teams set name = 'Renamed' where tenant_id = ${sunrise}`);
      await tx.execute(sql`delete from teams where tenant_id = ${sunrise}`);
    });
    const stillThere = await withTenant(t.database.db, sunrise, actor, (tx) => tx.select().from(teams));
    expect(stillThere.length).toBe(3);
    expect(stillThere.map((x) => x.name)).not.toContain('Renamed');
  });

  it('runs request work as the unprivileged wattle_app role', async () => {
    const [who] = await withTenant(t.database.db, bluegum, actor, async (tx) =>
      rows<{ role: string; superuser: string }>(
        await tx.execute(sql`select current_user as role, current_setting('is_superuser') as superuser`),
      ),
    );
    expect(who).toEqual({ role: 'wattle_app', superuser: 'off' });
  });

  it('refuses an empty tenant id', () => {
    expect(() => withTenant(t.database.db, '', actor, async () => 1)).toThrow(/empty tenant id/);
  });

  it('keeps the audit log append-only for the app', async () => {
    await expect(
      withTenant(t.database.db, sunrise, actor, (tx) =>
        tx.execute(sql`update audit_log set action = 'forged'`),
      ),
    ).rejects.toMatchObject(causedBy(/permission denied/));
    await expect(
      withTenant(t.database.db, sunrise, actor, (tx) => tx.execute(sql`delete from audit_log`)),
    ).rejects.toMatchObject(causedBy(/permission denied/));
  });
});
