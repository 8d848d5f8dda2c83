import { type ParsedCatalogue, parseCatalogueRows } from '@wattle/domain/time/catalogue-import';
import type { CatalogueImportResult } from '@wattle/domain/time/catalogue-schemas';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { isUniqueViolation } from '../../db/errors';
import { supportCatalogues, supportItems } from '../../db/schema/catalogue';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { tenantToday } from '../cards/card-values';
import { publishChanges } from '../events/change-feed';
import { requireRatesManager } from '../time-codes/time-code-access';
import { catalogueFileRows } from './catalogue-file-rows';
import { listCatalogues } from './catalogue-records';
import { toSupportItemRow } from './support-item-records';

/**
 * Rows of one insert: an item is 27 parameters and Postgres takes 65,535 a statement, so the NDIA's
 * whole catalogue (about a thousand items) goes in a couple of statements.
 */
const itemsPerInsert = 1000;

/**
 * Reads an uploaded catalogue file into its price-guide year and items, or refuses it with 400
 * naming the problem (an unknown layout, a row that is not a support item). Runs before any
 * transaction: a refused file has written nothing.
 */
export async function readCatalogueFile(bytes: Buffer): Promise<ParsedCatalogue> {
  const rows = await catalogueFileRows(bytes);
  const result = parseCatalogueRows(rows);
  if (!result.ok) throw new AppError('BAD_REQUEST', result.message, { problems: result.problems });
  return result.catalogue;
}

/**
 * `POST /api/support-catalogue/imports` (manage:rates): stores a catalogue year in one transaction.
 * A year already imported is replaced whole (its items deleted and written again, the catalogue
 * keeping its id); other years stay. Audited with the item counts before and after.
 */
export async function importCatalogue(
  ctx: TenantContext,
  input: { fileName: string; catalogue: ParsedCatalogue },
): Promise<CatalogueImportResult> {
  requireRatesManager(ctx);
  const { catalogue, fileName } = input;
  const [earlier] = await ctx.tx
    .select()
    .from(supportCatalogues)
    .where(
      and(eq(supportCatalogues.tenantId, ctx.tenantId), eq(supportCatalogues.yearLabel, catalogue.yearLabel)),
    )
    .for('update');
  const values = {
    effectiveFrom: catalogue.effectiveFrom,
    sourceFileName: fileName,
    itemCount: catalogue.items.length,
    importedBy: ctx.actor.id,
    importedAt: new Date(),
  };
  let catalogueId: string;
  if (earlier) {
    catalogueId = earlier.id;
    await ctx.tx
      .delete(supportItems)
      .where(and(eq(supportItems.tenantId, ctx.tenantId), eq(supportItems.catalogueId, catalogueId)));
    await ctx.tx
      .update(supportCatalogues)
      .set(values)
      .where(and(eq(supportCatalogues.tenantId, ctx.tenantId), eq(supportCatalogues.id, catalogueId)));
  } else {
    catalogueId = uuidv7();
    try {
      await ctx.tx
        .insert(supportCatalogues)
        .values({ tenantId: ctx.tenantId, id: catalogueId, yearLabel: catalogue.yearLabel, ...values });
    } catch (error) {
      if (!isUniqueViolation(error, 'support_catalogues_year_key')) throw error;
      throw new AppError(
        'CONFLICT',
        `Someone else imported the ${catalogue.yearLabel} catalogue at the same moment. Look at the list and import again if it is not the file you meant.`,
      );
    }
  }
  const rows = catalogue.items.map((item) => toSupportItemRow(ctx.tenantId, catalogueId, item));
  for (let start = 0; start < rows.length; start += itemsPerInsert) {
    await ctx.tx.insert(supportItems).values(rows.slice(start, start + itemsPerInsert));
  }

  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'support-catalogue',
    entityId: catalogueId,
    action: earlier ? 'updated' : 'created',
    changes: [
      { field: 'itemCount', oldValue: earlier?.itemCount ?? null, newValue: catalogue.items.length },
      { field: 'sourceFileName', oldValue: earlier?.sourceFileName ?? null, newValue: fileName },
    ],
    metadata: { yearLabel: catalogue.yearLabel, effectiveFrom: catalogue.effectiveFrom },
  });
  await publishChanges(ctx.tx, [
    {
      tenantId: ctx.tenantId,
      userId: null,
      event: {
        type: earlier ? 'updated' : 'created',
        entity: 'support-catalogue',
        id: catalogueId,
        version: null,
      },
    },
  ]);
  const listed = await listCatalogues(ctx.tx, ctx.tenantId, await tenantToday(ctx));
  return { catalogue: listed.find((c) => c.id === catalogueId)!, replacedEarlierImport: Boolean(earlier) };
}
