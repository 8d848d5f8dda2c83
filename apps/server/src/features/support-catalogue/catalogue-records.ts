import type { SupportCatalogue } from '@wattle/domain/time/catalogue-schemas';
import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { supportCatalogues } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import type { SupportCatalogueRow } from './catalogue-in-force';

function toCatalogue(
  row: SupportCatalogueRow,
  importer: { id: string; name: string } | null,
  inForceId: string | null,
): SupportCatalogue {
  return {
    id: row.id,
    yearLabel: row.yearLabel,
    effectiveFrom: row.effectiveFrom,
    sourceFileName: row.sourceFileName,
    itemCount: row.itemCount,
    importedBy: importer,
    importedAt: row.importedAt.toISOString(),
    isInForce: row.id === inForceId,
  };
}

/** The tenant's imported price-guide years, newest first, marking the one in force on `today`. */
export async function listCatalogues(
  tx: Queryable,
  tenantId: string,
  today: string,
): Promise<SupportCatalogue[]> {
  const rows = await tx
    .select({ catalogue: supportCatalogues, importerName: users.name })
    .from(supportCatalogues)
    .leftJoin(users, eq(users.id, supportCatalogues.importedBy))
    .where(eq(supportCatalogues.tenantId, tenantId))
    .orderBy(desc(supportCatalogues.effectiveFrom));
  // Newest first, so the one in force (catalogue-in-force.ts) is the first begun by today.
  const inForce = rows.find(({ catalogue }) => catalogue.effectiveFrom <= today)?.catalogue;
  return rows.map(({ catalogue, importerName }) =>
    toCatalogue(
      catalogue,
      catalogue.importedBy ? { id: catalogue.importedBy, name: importerName ?? '' } : null,
      inForce?.id ?? null,
    ),
  );
}
