-- Cards of behaviour support plans in step with their status (decision 0037). Until this commit the
-- plan workflow (submit, approve, reject, new version, supersede) set a plan card's status without its
-- State or its column, so an approved plan stayed in To Do with State "To Do". The workflow now moves
-- the card as a status change does; this puts the cards it left behind in a column of their status,
-- with the State and NDIS Status that follow from it: the statements of migration 0036, again (they
-- change nothing for a card already in step).
UPDATE cards SET
  state = CASE status
    WHEN 'draft' THEN 'todo' WHEN 'in-progress' THEN 'doing' WHEN 'pending-review' THEN 'review' ELSE 'done'
  END,
  ndis_status = CASE status
    WHEN 'pending-review' THEN 'in-review' WHEN 'approved' THEN 'approved' WHEN 'archived' THEN 'approved'
    ELSE 'draft'
  END;
--> statement-breakpoint
WITH columns_of AS (
  SELECT t.tenant_id, t.id AS team_id, s->>'id' AS column_id, (s->>'order')::int AS ord,
    (s->>'isEditable')::boolean AS editable,
    row_number() OVER (PARTITION BY t.tenant_id, t.id, (s->>'isEditable')::boolean ORDER BY (s->>'order')::int) AS n
  FROM teams t, jsonb_array_elements(t.workflow_states) s
),
staged AS (
  SELECT tenant_id, team_id, column_id, ord,
    CASE WHEN NOT editable THEN 3 WHEN n = 1 THEN 0 ELSE 1 END AS stage
  FROM columns_of
),
ranked AS (
  SELECT c.tenant_id, c.id, c.team_id, c.workflow_state_id,
    CASE c.status WHEN 'draft' THEN 0 WHEN 'in-progress' THEN 1 WHEN 'pending-review' THEN 2 WHEN 'approved' THEN 3 ELSE 4 END AS r
  FROM cards c
  WHERE c.deleted_at IS NULL
),
fits AS (
  SELECT r.tenant_id, r.id, best.column_id, best.stage,
    (SELECT s.stage FROM staged s
      WHERE s.tenant_id = r.tenant_id AND s.team_id = r.team_id AND s.column_id = r.workflow_state_id) AS current_stage
  FROM ranked r
  CROSS JOIN LATERAL (
    SELECT s.column_id, s.stage FROM staged s
    WHERE s.tenant_id = r.tenant_id AND s.team_id = r.team_id
    ORDER BY (s.stage <= r.r) DESC, CASE WHEN s.stage <= r.r THEN s.stage END DESC NULLS LAST, s.ord
    LIMIT 1
  ) best
)
UPDATE cards c SET workflow_state_id = f.column_id
FROM fits f
WHERE c.tenant_id = f.tenant_id AND c.id = f.id
  AND (f.current_stage IS NULL OR f.current_stage <> f.stage);
