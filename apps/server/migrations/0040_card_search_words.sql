-- Search's last step through the words of each card (issue 19 item 3, decision 0040,
-- docs/performance.md "Step (c) at a million cards in one tenant"). Step (c) of wattle_search_card_ids
-- answered each word from the trigram index alone, and a trigram index knows that a card holds
-- "vis", "isi" and "sit", not that one word holds all three: in a tenant of a million cards "and with
-- visit" handed 208,400 cards to the `like` recheck, every one a false positive (2.4 s, and the
-- 3-word benchmark failed). Here each card's words are indexed as well, and step (c) asks, for each
-- query word, for the cards holding one of the tenant's words that contain it.
--
-- Why this is exact. buildSearchText joins a card's parts with single spaces, and a query word never
-- holds a space (searchWords splits on whitespace; a word with a space keeps its trigram `like`), so
-- a word is in a card's search text exactly when it is inside one of the text's space-separated words.
-- That needs only the split on ' ' (a tab or two spaces in a text written some other way make other
-- words or an empty one, never a word that spans a space). A word longer than 200 characters (a long
-- link, pasted data) is keyed as '' instead (an index key over about 2,700 bytes is refused, and a card
-- save with it would fail), and every word lookup asks for '' too: such a card is always a candidate,
-- and its `like` decides. Postgres regular expressions count to 255 at most, hence {200} and +.
--
-- 1. The words of each card, keyed by tenant (btree_gin, migration 0011).
CREATE TABLE "card_search_words" (
	"tenant_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "card_search_words_tenant_id_word_pk" PRIMARY KEY("tenant_id","word")
);
--> statement-breakpoint
-- 2. Each tenant's vocabulary: every word a card of it holds (or held). Kept in the same transaction as
--    the card by a row trigger on insert and on a change of search_text (only the words the old text
--    did not hold, which are there already), with ON CONFLICT DO NOTHING. Words are never removed: a
--    word no card holds any more only adds a candidate the `like` recheck drops, so the vocabulary may
--    hold more than the cards, but it must never lack a word of a card, live or deleted (a deleted
--    card may be restored without a change of text): a missing word loses that word's cards, since
--    the index is asked only for the words found here. So every write of search_text passes this
--    trigger (bulk loads and the start-up rebuild of search text included; never disable it).
--    SECURITY DEFINER, owned by wattle_search below: requests (wattle_app) have no grant on the
--    vocabulary at all, and the card's own tenant_id (which the policy of cards has checked) keys it.
CREATE FUNCTION wattle_keep_card_search_words() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  INSERT INTO public.card_search_words (tenant_id, word)
    SELECT NEW.tenant_id, w FROM (
      SELECT unnest(string_to_array(regexp_replace(NEW.search_text, '[^ ]{200}[^ ]+', '', 'g'), ' '))
      EXCEPT
      SELECT unnest(string_to_array(regexp_replace(OLD.search_text, '[^ ]{200}[^ ]+', '', 'g'), ' '))
        WHERE TG_OP = 'UPDATE'
    ) words (w)
    WHERE w <> ''
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION wattle_keep_card_search_words() FROM PUBLIC;--> statement-breakpoint
-- Made before the vocabulary is filled: creating the trigger locks cards against writes until this
-- migration commits, so no card is written between the fill and the trigger.
CREATE TRIGGER cards_search_words_insert AFTER INSERT ON cards
  FOR EACH ROW EXECUTE FUNCTION wattle_keep_card_search_words();
--> statement-breakpoint
-- On every update whose text changed (not `UPDATE OF search_text`, which a text set by some other
-- trigger would pass by); the WHEN clause is checked without calling the function.
CREATE TRIGGER cards_search_words_update AFTER UPDATE ON cards
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION wattle_keep_card_search_words();
--> statement-breakpoint
INSERT INTO card_search_words (tenant_id, word)
  SELECT DISTINCT c.tenant_id, w
  FROM cards c, unnest(string_to_array(regexp_replace(c.search_text, '[^ ]{200}[^ ]+', '', 'g'), ' ')) w
  WHERE w <> '';
--> statement-breakpoint
-- The words that contain a query word: a trigram lookup among the tenant's vocabulary.
CREATE INDEX "card_search_words_trgm_idx" ON "card_search_words" USING gin ("tenant_id","word" gin_trgm_ops);--> statement-breakpoint
-- 3. The cards holding one of those words (an index build, not a rewrite of cards).
CREATE INDEX "cards_words_idx" ON "cards" USING gin ("tenant_id",string_to_array(regexp_replace("search_text", '[^ ]{200}[^ ]+', '', 'g'), ' '));--> statement-breakpoint
ANALYZE "cards";--> statement-breakpoint
ANALYZE "card_search_words";--> statement-breakpoint
-- 4. Tenant isolation as for every tenant table (migration 0001, decision 0002): row-level security
--    enabled and forced, the tenant_isolation policy. Unlike the others, no grant to wattle_app: only
--    the search role reads it (through wattle_search_card_ids) and writes it (through the trigger).
ALTER TABLE card_search_words ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE card_search_words FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON card_search_words
  USING (tenant_id = wattle_tenant()) WITH CHECK (tenant_id = wattle_tenant());--> statement-breakpoint
REVOKE ALL ON card_search_words FROM PUBLIC;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wattle_app') THEN
    REVOKE ALL ON card_search_words FROM wattle_app;
  END IF;
END
$$;
--> statement-breakpoint
-- 5. Step (c) of the search (migration 0011), for each word without a space whose vocabulary words are
--    1 to 200: `<the card's words> && <those words and ''>` as the index condition (cards_words_idx),
--    the word's `like` kept on the heap (`… IS TRUE`, so it is no index condition): the index hands
--    over the cards holding a word that contains it, few false positives. A word the vocabulary does
--    not narrow (more than 200 words: "12" inside thousands of work item ids; none: a word no card
--    holds, which the trigram index answers at once) keeps its trigram `like` as before. Steps (a)
--    and (b) are unchanged. The vocabulary is read as the search function runs (wattle_search,
--    which bypasses row-level security), by the tenant of app.tenant_id as the query itself.
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
      coalesce((
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
          WHERE newest IS NULL AND position(' ' in u.w) = 0
        ) v ON true
      ), '') AS likes,
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
-- The owner of the trigger, and the reader of the vocabulary, as for the search (migrations 0010 and
-- 0011): wattle_search when this database user may hand it functions; else both stay this user's,
-- and the policy keeps each write and read to app.tenant_id (still correct: requests write cards in
-- their tenant).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wattle_search' AND rolbypassrls) THEN
    GRANT SELECT, INSERT ON card_search_words TO wattle_search;
    ALTER FUNCTION wattle_keep_card_search_words() OWNER TO wattle_search;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  NULL;
END
$$;
