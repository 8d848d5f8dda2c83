import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import type { StoredFile } from '@wattle/domain/files/file-list';
import { type HotStatement, isoText, runHotStatement } from '../../db/hot-statement';
import type { TenantContext } from '../../http/tenant-scope';
import { fileUrl } from './file-records';

/**
 * File storage as it opens for an owner, admin or auditor (every live file, newest first, the first
 * page), which is what it is asked for most: a hot statement (db/hot-statement.ts), plain SQL
 * prepared once per connection, its rows read as the driver gives them, as the invoice list's first
 * page does. The query builder's mapping of 51 rows of 35 columns was most of the server's time a
 * request. The total comes in the same round trip: the tally of live files (migration 0033) less the
 * files of deleted cards. The page size is written into the statement (a bound LIMIT leaves Postgres
 * no generic plan to cost); it is a validated integer (1-200), so at most that many statements.
 */
function firstPageStatement(limit: number): HotStatement {
  const size = Math.trunc(limit) + 1;
  return {
    name: `wattle_file_first_page_${size}`,
    paramTypes: ['uuid'],
    text: `select f.id, f.card_id as "cardId", f.name, f.original_name as "originalName", f.description,
    f.category, f.format as "type", f.content_type as "contentType", f.size, f.is_confidential as "isConfidential",
    f.uploaded_by as "uploadedBy", u.name as "uploadedByName", ${isoText('f.created_at')} as "uploadedAt",
    f.virus_scan_status as "virusScanStatus", f.download_count as "downloadCount",
    f.requirement_id as "requirementId", f.checksum, ${isoText('f.last_accessed_at')} as "lastAccessed",
    f.retention_days as "retentionDays", f.auto_delete as "autoDelete", ${isoText('f.delete_after')} as "deleteAfter",
    to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt",
    c.number as "cardNumber", c.work_item_prefix as "workItemPrefix", c.title as "cardTitle", c.team_id as "teamId",
    t.name as "teamName", p.id::text as "participantId", p.name as "participantName",
    coalesce((select n from card_file_tallies where tenant_id = $1), 0)
      - (select count(*) from cards dc join card_files df on df.tenant_id = dc.tenant_id and df.card_id = dc.id
          where dc.tenant_id = $1 and dc.deleted_at is not null and df.deleted_at is null) as "total"
  from card_files f
  join cards c on c.tenant_id = f.tenant_id and c.id = f.card_id
  join teams t on t.tenant_id = c.tenant_id and t.id = c.team_id
  left join participants p on p.tenant_id = c.tenant_id and p.id::text = c.participant_id
  left join users u on u.id = f.uploaded_by
  where f.tenant_id = $1 and f.deleted_at is null and c.deleted_at is null
  order by f.created_at desc nulls last, f.id desc nulls last
  limit ${size}`,
  };
}

interface FirstPageRow {
  id: string;
  cardId: string;
  name: string;
  originalName: string;
  description: string;
  category: string;
  type: StoredFile['type'];
  contentType: string;
  size: number;
  isConfidential: boolean;
  uploadedBy: string | null;
  uploadedByName: string | null;
  uploadedAt: string;
  virusScanStatus: StoredFile['virusScanStatus'];
  downloadCount: number;
  requirementId: string | null;
  checksum: string;
  lastAccessed: string | null;
  retentionDays: number;
  autoDelete: boolean;
  deleteAfter: string;
  cursorAt: string;
  cardNumber: number;
  workItemPrefix: string;
  cardTitle: string;
  teamId: string;
  teamName: string;
  participantId: string | null;
  participantName: string | null;
  total: number | string;
}

/**
 * The usual first page: its rows (one more than `limit`, to know whether another page follows),
 * each as file storage lists it but for `canDelete` (the caller's to decide), and the total; null off a
 * request transaction (the general path answers then).
 */
export async function firstFilePage(
  ctx: TenantContext,
  limit: number,
): Promise<{ rows: (Omit<StoredFile, 'canDelete'> & { cursorAt: string })[]; total: number } | null> {
  const rows = await runHotStatement<FirstPageRow>(ctx.tx, firstPageStatement(limit), [ctx.tenantId]);
  if (!rows) return null;
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      cardId: r.cardId,
      name: r.name,
      originalName: r.originalName,
      description: r.description,
      category: r.category,
      type: r.type,
      contentType: r.contentType,
      size: r.size,
      url: fileUrl(r.id),
      isConfidential: r.isConfidential,
      uploadedBy: r.uploadedBy,
      uploadedByName: r.uploadedBy ? r.uploadedByName : null,
      uploadedAt: r.uploadedAt,
      virusScanStatus: r.virusScanStatus,
      downloadCount: r.downloadCount,
      requirementId: r.requirementId,
      metadata: { checksum: r.checksum, lastAccessed: r.lastAccessed },
      card: {
        id: r.cardId,
        workItemId: formatWorkItemId(r.workItemPrefix, r.cardNumber),
        title: r.cardTitle,
        teamId: r.teamId,
        teamName: r.teamName,
      },
      participant:
        r.participantId && r.participantName ? { id: r.participantId, name: r.participantName } : null,
      retention: { days: r.retentionDays, autoDelete: r.autoDelete, deleteAfter: r.deleteAfter },
      cursorAt: r.cursorAt,
    })),
  };
}
