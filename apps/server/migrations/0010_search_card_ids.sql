-- Card search that can use the pg_trgm index under row-level security (decision 0012), and the
-- format of each tenant's search text (rebuilt by the server at start-up when it is behind).
ALTER TABLE "tenants" ADD COLUMN "search_text_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Requests run as wattle_app under forced row-level security. Postgres checks a policy's condition
-- before any condition of the query whose function is not LEAKPROOF, and only leakproof conditions
-- may become index conditions ahead of it. LIKE (textlike) is not leakproof, so in a request
-- `search_text LIKE '%word%'` filters every card of the tenant and never reaches cards_search_idx.
--
-- wattle_search_card_ids runs the search's own query as the function's owner instead. When that
-- owner bypasses row-level security (wattle_search below, a superuser, or a role with BYPASSRLS),
-- the planner may answer the words from the trigram index; the query itself keeps to the tenant of
-- app.tenant_id, read through wattle_tenant() exactly as the policies read it, so no other tenant's
-- card is ever returned (and none at all when no tenant is set). When the owner does not bypass
-- row-level security, the policies still apply inside: the same answer, without the index.
--
-- The query: one `search_text LIKE <literal>` per word (%, _ and \ in a word match only
-- themselves), the given teams when there are any, newest change first. Built as text so that the
-- planner sees each pattern and chooses per query (a rare word from the trigram index, a common one
-- by walking the tenant's newest cards); the patterns are quoted with %L, the team ids and the
-- limit are parameters.
CREATE FUNCTION wattle_search_card_ids_sql(words text[], has_team_ids boolean) RETURNS text
  LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT 'SELECT c.id FROM public.cards c'
    || ' WHERE c.tenant_id = public.wattle_tenant() AND c.deleted_at IS NULL'
    || CASE WHEN has_team_ids THEN ' AND c.team_id = ANY ($1)' ELSE '' END
    || coalesce((
      SELECT string_agg(
        format(' AND c.search_text LIKE %L',
          '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'),
        '' ORDER BY i)
      FROM unnest(words) WITH ORDINALITY AS u(w, i)), '')
    || ' ORDER BY c.updated_at DESC, c.id DESC LIMIT $2'
$$;
--> statement-breakpoint
-- The ids of the current tenant's live cards whose search text holds every word (the caller
-- lower-cases them), on team_ids when given (null: every team), newest change first, at most
-- max_rows. No words, no cards.
CREATE FUNCTION wattle_search_card_ids(words text[], team_ids uuid[], max_rows integer)
  RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp ROWS 20 AS $$
BEGIN
  IF coalesce(cardinality(words), 0) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE public.wattle_search_card_ids_sql(words, team_ids IS NOT NULL)
    USING team_ids, max_rows;
END
$$;
--> statement-breakpoint
-- The plan of that same query, run the same way (EXPLAIN, or EXPLAIN ANALYZE): what tests,
-- benchmarks and operators check to see whether a search uses cards_search_idx.
CREATE FUNCTION wattle_explain_search_card_ids(
  words text[], team_ids uuid[], max_rows integer, with_analyze boolean DEFAULT false
) RETURNS SETOF text LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF coalesce(cardinality(words), 0) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE CASE WHEN with_analyze THEN 'EXPLAIN ANALYZE ' ELSE 'EXPLAIN ' END
    || public.wattle_search_card_ids_sql(words, team_ids IS NOT NULL)
    USING team_ids, max_rows;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION wattle_search_card_ids_sql(text[], boolean) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION wattle_search_card_ids(text[], uuid[], integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION wattle_explain_search_card_ids(text[], uuid[], integer, boolean) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION wattle_search_card_ids(text[], uuid[], integer) TO wattle_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION wattle_explain_search_card_ids(text[], uuid[], integer, boolean) TO wattle_app;--> statement-breakpoint
-- The functions' owner: wattle_search, a role that only bypasses row-level security and reads the
-- columns the query needs, when this database user may make it (a superuser may: PGlite, CI, a
-- self-hosted Postgres migrated by its superuser); else they stay this user's (docs/operations.md).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wattle_search') THEN
    CREATE ROLE wattle_search NOLOGIN NOSUPERUSER NOINHERIT BYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN
  NULL; -- made at the same moment by another database on the server, or not ours to make
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wattle_search' AND rolbypassrls) THEN
    GRANT USAGE ON SCHEMA public TO wattle_search;
    GRANT SELECT (tenant_id, id, team_id, search_text, updated_at, deleted_at) ON cards TO wattle_search;
    GRANT EXECUTE ON FUNCTION wattle_search_card_ids_sql(text[], boolean) TO wattle_search;
    ALTER FUNCTION wattle_search_card_ids(text[], uuid[], integer) OWNER TO wattle_search;
    ALTER FUNCTION wattle_explain_search_card_ids(text[], uuid[], integer, boolean) OWNER TO wattle_search;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  NULL; -- this user may not hand functions to wattle_search: they stay its own
END
$$;
