import type { CardFile } from '@wattle/domain/files/schemas';
import { and, asc, eq, getTableColumns, isNull, ne } from 'drizzle-orm';
import { cardFiles } from '../../db/schema/comments';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';

const fileColumns = getTableColumns(cardFiles);

function selectFileRows(ctx: TenantContext) {
  return ctx.tx
    .select({ file: fileColumns, uploadedByName: users.name })
    .from(cardFiles)
    .leftJoin(users, eq(users.id, cardFiles.uploadedBy))
    .$dynamic();
}

export type FileRow = Awaited<ReturnType<ReturnType<typeof selectFileRows>['execute']>>[number];

/** The path that downloads a file (the web adds `?tenantId=` for a plain link). */
export const fileUrl = (id: string) => `/api/files/${id}`;

export function toCardFile(row: FileRow): CardFile {
  const f = row.file;
  return {
    id: f.id,
    cardId: f.cardId,
    name: f.name,
    originalName: f.originalName,
    description: f.description,
    category: f.category,
    type: f.format,
    contentType: f.contentType,
    size: f.size,
    url: fileUrl(f.id),
    isConfidential: f.isConfidential,
    uploadedBy: f.uploadedBy,
    uploadedByName: f.uploadedBy ? row.uploadedByName : null,
    uploadedAt: f.uploadedAt.toISOString(),
    virusScanStatus: f.virusScanStatus,
    downloadCount: f.downloadCount,
    requirementId: f.requirementId,
    metadata: { checksum: f.checksum, lastAccessed: f.lastAccessedAt?.toISOString() ?? null },
  };
}

/** The live files of a card, oldest first; quarantined ones (the virus scan's 'infected') are not on it. */
export function selectCardFileRows(ctx: TenantContext, cardId: string): Promise<FileRow[]> {
  return selectFileRows(ctx)
    .where(
      and(
        eq(cardFiles.tenantId, ctx.tenantId),
        eq(cardFiles.cardId, cardId),
        isNull(cardFiles.deletedAt),
        ne(cardFiles.virusScanStatus, 'infected'),
      ),
    )
    .orderBy(asc(cardFiles.uploadedAt), asc(cardFiles.id));
}

/** A live file by id (locked when asked); 404 'File not found' otherwise. */
export async function selectFileRow(
  ctx: TenantContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<FileRow> {
  const query = selectFileRows(ctx).where(
    and(eq(cardFiles.tenantId, ctx.tenantId), eq(cardFiles.id, id), isNull(cardFiles.deletedAt)),
  );
  const [row] = await (options.forUpdate ? query.for('update', { of: cardFiles }) : query);
  if (!row) throw new AppError('NOT_FOUND', 'File not found');
  return row;
}
