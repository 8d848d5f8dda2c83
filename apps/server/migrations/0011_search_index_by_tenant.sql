-- Search that reads few cards for common and rare words alike (docs/performance.md, Search;
-- decision 0013).
--
-- 1. The trigram index gets the tenant id as a key beside the trigrams (btree_gin gives uuid a GIN
--    operator class), so a rare word is looked up among the request's tenant's cards only instead
--    of among every tenant's. btree_gin, like pg_trgm, is a trusted extension: the database's owner
--    may create it.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "cards_search_idx";--> statement-breakpoint
CREATE INDEX "cards_search_idx" ON "cards" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
-- 2. A team belongs to one tenant. Without this the planner multiplies the two conditions as if
--    they were independent and reckons a team of 1,000 cards holds 10, so it sorts the whole team
--    where walking its newest cards would stop after a page.
CREATE STATISTICS IF NOT EXISTS "cards_tenant_team_stats" (dependencies) ON "tenant_id", "team_id" FROM "cards";--> statement-breakpoint
ANALYZE "cards";--> statement-breakpoint
-- 3. The search itself (decision 0012 for why it is a SECURITY DEFINER function), in up to three
--    steps, cheapest first; a step that fills the page has the answer, since every card it did not
--    look at is older:
--    a. among the newest ten pages' worth of cards (10 × max_rows), walked newest first: a common
--       word fills the page after a few cards and the walk stops there;
--    b. when (a) found some but not a page, and walking on would read fewer cards than the trigram
--       index would hand over (wattle_search_walk_size): a longer walk of the newest cards;
--    c. otherwise the words are rare: from the trigram index, over all the tenant's cards. Index
--       scans are turned off for this step alone: left to itself the planner walks every card of
--       the tenant even for words no card holds together, since it reckons a `like` on a card's
--       search text as cheap as comparing two numbers.
--
--    The query of one step, as text: the tenant (read from app.tenant_id, as the policies read it)
--    and the teams as literals, so that the planner sees them and the statistics above apply; one
--    `search_text LIKE <literal>` per word (%, _ and \ in a word match only themselves). `newest`:
--    a walk of that many newest cards; null: step (c), with the teams' condition kept out of the
--    index conditions (`… IS TRUE`) so that the trigram index, not the team's, finds the cards.
DROP FUNCTION "wattle_search_card_ids_sql"(text[], boolean);--> statement-breakpoint
CREATE FUNCTION wattle_search_card_ids_sql(words text[], team_ids uuid[], max_rows integer, newest integer)
  RETURNS text LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  WITH parts AS (
    SELECT
      format('c.tenant_id = %L::uuid AND c.deleted_at IS NULL', public.wattle_tenant()) AS live,
      CASE
        WHEN team_ids IS NULL THEN ''
        WHEN newest IS NULL THEN format(' AND (c.team_id = ANY (%L::uuid[])) IS TRUE', team_ids)
        WHEN cardinality(team_ids) = 1 THEN format(' AND c.team_id = %L::uuid', team_ids[1])
        ELSE format(' AND c.team_id = ANY (%L::uuid[])', team_ids)
      END AS teams,
      coalesce((
        SELECT string_agg(
          format(' AND c.search_text LIKE %L',
            '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'),
          '' ORDER BY i)
        FROM unnest(words) WITH ORDINALITY AS u(w, i)), '') AS likes,
      ' ORDER BY c.updated_at DESC, c.id DESC LIMIT ' || max_rows AS page
  )
  SELECT CASE WHEN newest IS NULL
    THEN 'SELECT c.id FROM public.cards c WHERE ' || live || teams || likes || page
    ELSE 'SELECT c.id FROM (SELECT c.id, c.updated_at, c.search_text FROM public.cards c WHERE '
      || live || teams || ' ORDER BY c.updated_at DESC, c.id DESC LIMIT ' || newest || ') c'
      || ' WHERE true' || likes || page
  END
  FROM parts
$$;
--> statement-breakpoint
-- How many newest cards step (b) walks, from what step (a) found: `matched` among the newest
-- `seen`. At that rate a page takes about max_rows × seen / matched cards, while the trigram index
-- would hand over about matched / seen of the tenant's cards (its card count: the highest card
-- number, one index probe). The walk when it is the shorter, four times that long so that an
-- unlucky stretch still fills the page; null when the index is the better way (or nothing matched).
CREATE FUNCTION wattle_search_walk_size(matched integer, seen integer, max_rows integer) RETURNS integer
  LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE WHEN walk < tenant_cards * matched / seen THEN (4 * walk)::integer END
  FROM (
    SELECT ceil(max_rows::numeric * seen / nullif(matched, 0)) AS walk,
      (SELECT coalesce(max(c.number), 0)::numeric FROM public.cards c
        WHERE c.tenant_id = public.wattle_tenant()) AS tenant_cards
  ) s
$$;
--> statement-breakpoint
-- The ids of the current tenant's live cards whose search text holds every word (the caller
-- lower-cases them), on team_ids when given (null: every team), newest change first, at most
-- max_rows. No words, no tenant or no rows asked for: no cards.
CREATE OR REPLACE FUNCTION wattle_search_card_ids(words text[], team_ids uuid[], max_rows integer)
  RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp ROWS 20 AS $$
DECLARE
  seen integer := max_rows * 10;
  walk integer;
  found uuid[];
  index_scans text := current_setting('enable_indexscan');
BEGIN
  IF coalesce(cardinality(words), 0) = 0 OR public.wattle_tenant() IS NULL OR coalesce(max_rows, 0) < 1 THEN
    RETURN;
  END IF;
  EXECUTE 'SELECT array(' || public.wattle_search_card_ids_sql(words, team_ids, max_rows, seen) || ')'
    INTO found;
  IF cardinality(found) < max_rows THEN
    walk := public.wattle_search_walk_size(cardinality(found), seen, max_rows);
    IF walk IS NOT NULL THEN
      EXECUTE 'SELECT array(' || public.wattle_search_card_ids_sql(words, team_ids, max_rows, walk) || ')'
        INTO found;
    END IF;
  END IF;
  IF cardinality(found) >= max_rows THEN
    RETURN QUERY SELECT unnest(found);
    RETURN;
  END IF;
  PERFORM set_config('enable_indexscan', 'off', true);
  RETURN QUERY EXECUTE public.wattle_search_card_ids_sql(words, team_ids, max_rows, NULL);
  PERFORM set_config('enable_indexscan', index_scans, true);
END
$$;
--> statement-breakpoint
-- The plans of those steps, run the same way (EXPLAIN, or EXPLAIN ANALYZE), each under a line naming
-- it: step (a), step (b) when the search would take it, and step (c) always (the search takes it
-- when (a) and (b) do not fill the page). What tests, benchmarks and operators check to see how a
-- search finds its cards.
CREATE OR REPLACE FUNCTION wattle_explain_search_card_ids(
  words text[], team_ids uuid[], max_rows integer, with_analyze boolean DEFAULT false
) RETURNS SETOF text LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  explain text := CASE WHEN with_analyze THEN 'EXPLAIN ANALYZE ' ELSE 'EXPLAIN ' END;
  seen integer := max_rows * 10;
  walk integer;
  found uuid[];
  index_scans text := current_setting('enable_indexscan');
BEGIN
  IF coalesce(cardinality(words), 0) = 0 OR public.wattle_tenant() IS NULL OR coalesce(max_rows, 0) < 1 THEN
    RETURN;
  END IF;
  RETURN NEXT format('a. the newest %s cards:', seen);
  RETURN QUERY EXECUTE explain || public.wattle_search_card_ids_sql(words, team_ids, max_rows, seen);
  EXECUTE 'SELECT array(' || public.wattle_search_card_ids_sql(words, team_ids, max_rows, seen) || ')'
    INTO found;
  IF cardinality(found) < max_rows THEN
    walk := public.wattle_search_walk_size(cardinality(found), seen, max_rows);
  END IF;
  IF walk IS NOT NULL THEN
    RETURN NEXT format('b. the newest %s cards:', walk);
    RETURN QUERY EXECUTE explain || public.wattle_search_card_ids_sql(words, team_ids, max_rows, walk);
  END IF;
  RETURN NEXT 'c. all cards, without index scans:';
  PERFORM set_config('enable_indexscan', 'off', true);
  RETURN QUERY EXECUTE explain || public.wattle_search_card_ids_sql(words, team_ids, max_rows, NULL);
  PERFORM set_config('enable_indexscan', index_scans, true);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION wattle_search_card_ids_sql(text[], uuid[], integer, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION wattle_search_walk_size(integer, integer, integer) FROM PUBLIC;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wattle_search' AND rolbypassrls) THEN
    GRANT SELECT (number) ON cards TO wattle_search;
    GRANT EXECUTE ON FUNCTION wattle_search_card_ids_sql(text[], uuid[], integer, integer) TO wattle_search;
    GRANT EXECUTE ON FUNCTION wattle_search_walk_size(integer, integer, integer) TO wattle_search;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  NULL; -- as in migration 0010: the functions stay this user's
END
$$;
