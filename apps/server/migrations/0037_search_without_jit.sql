-- Search without JIT compilation (issue 19, docs/performance.md, Search: A million cards). In a
-- tenant of a million cards the last step of wattle_search_card_ids (all the tenant's cards, through
-- the trigram index) is costed above jit_above_cost, so Postgres compiled it on every call: 113 ms of
-- a 348 ms step for one word, paid again by the next search, since nothing compiled is kept. The
-- step reads a bounded set of index entries and rows; compiling its expressions never pays back.
-- The plans function runs its queries the same way. (PGlite has no JIT; the setting is harmless.)
-- As in migration 0011, a migrating user who may not alter the functions (they were handed to
-- wattle_search by someone else) leaves them as they are: search stays correct.
DO $$
BEGIN
  ALTER FUNCTION wattle_search_card_ids(text[], uuid[], integer) SET jit = off;
  ALTER FUNCTION wattle_explain_search_card_ids(text[], uuid[], integer, boolean) SET jit = off;
EXCEPTION WHEN insufficient_privilege THEN
  NULL;
END
$$;
