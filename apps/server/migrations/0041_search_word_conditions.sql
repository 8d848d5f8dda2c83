-- Step (c)'s word conditions in a function of their own (migration 0040, decision 0040). Migration
-- 0040 put the vocabulary lookup in wattle_search_card_ids_sql itself, so its larger query was
-- planned on every call, for steps (a) and (b) too, which never use it: about 0.5 ms more for a search
-- that step (a) answers (0.7 -> 1.25 ms for one common word as wattle_app in a tenant of a million
-- cards, docs/performance.md "Step (c) through the word index"). The builder is migration 0011's
-- again, and calls this function only for step (c) (newest is null); the conditions it writes are
-- those of migration 0040: for each word without a space whose tenant vocabulary gives 1 to 200 words
-- that contain it, `<the card's words> && <those words and ''>` with the word's `like` on the heap
-- (`… IS TRUE`); for any other word its trigram `like`.
CREATE FUNCTION wattle_search_word_conditions(words text[]) RETURNS text
  LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce((
    SELECT string_agg(
      CASE WHEN cardinality(v.words) BETWEEN 1 AND 200
        THEN format(' AND string_to_array(regexp_replace(c.search_text, %L, %L, %L), %L) && %L::text[]'
          || ' AND (c.search_text LIKE %L) IS TRUE',
          '[^ ]{200}[^ ]+', '', 'g', ' ', v.words || ''::text, q.pattern)
        ELSE format(' AND c.search_text LIKE %L', q.pattern)
      END, '' ORDER BY u.i)
    FROM unnest(words) WITH ORDINALITY AS u(w, i)
    CROSS JOIN LATERAL (
      SELECT '%' || replace(replace(replace(u.w, '\', '\\'), '%', '\%'), '_', '\_') || '%' AS pattern
    ) q
    LEFT JOIN LATERAL (
      SELECT array(
        SELECT s.word FROM public.card_search_words s
        WHERE s.tenant_id = public.wattle_tenant() AND s.word LIKE q.pattern
        LIMIT 201
      ) AS words
      WHERE position(' ' in u.w) = 0
    ) v ON true
  ), '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wattle_search_card_ids_sql(words text[], team_ids uuid[], max_rows integer, newest integer)
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
      CASE WHEN newest IS NULL THEN public.wattle_search_word_conditions(words) ELSE coalesce((
        SELECT string_agg(
          format(' AND c.search_text LIKE %L',
            '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'),
          '' ORDER BY i)
        FROM unnest(words) WITH ORDINALITY AS u(w, i)), '') END AS likes,
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
REVOKE ALL ON FUNCTION wattle_search_word_conditions(text[]) FROM PUBLIC;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wattle_search' AND rolbypassrls) THEN
    GRANT EXECUTE ON FUNCTION wattle_search_word_conditions(text[]) TO wattle_search;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  NULL; -- as in migration 0011: the functions stay this user's
END
$$;
