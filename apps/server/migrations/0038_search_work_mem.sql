-- Search with an exact bitmap in a tenant of a million cards (issue 19, docs/performance.md,
-- Search: A million cards). The last step of wattle_search_card_ids reads the tenant's cards through
-- cards_search_idx as a bitmap: one entry of 64 bytes per heap page holding a match. With the
-- default work_mem of 4 MB the bitmap holds 65,536 pages (512 MB of heap); a word common in a
-- tenant of a million cards touches about 139,000, so the bitmap went lossy and every row on most
-- pages was read and rechecked with like (3.96 s for one word). 16 MB holds 262,144 pages (2 GB of
-- heap), every page of such a tenant. work_mem is a cap, not an allowance taken up front: a search
-- uses what its bitmap needs, and only while the function runs. The cost at worst is 16 MB for each
-- connection searching at once, 160 MB for the default pool of 10 (DATABASE_POOL_SIZE), small against
-- what the database needs for a million cards; a larger pool multiplies it, so it is kept modest.
-- The plans function runs its queries the same way. PGlite takes the setting too; it is one
-- connection, and its tenants are small.
-- As in migrations 0011 and 0037, a migrating user who may not alter the functions leaves them as
-- they are: search stays correct.
DO $$
BEGIN
  ALTER FUNCTION wattle_search_card_ids(text[], uuid[], integer) SET work_mem = '16MB';
  ALTER FUNCTION wattle_explain_search_card_ids(text[], uuid[], integer, boolean) SET work_mem = '16MB';
EXCEPTION WHEN insufficient_privilege THEN
  NULL;
END
$$;
