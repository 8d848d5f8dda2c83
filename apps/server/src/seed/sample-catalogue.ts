import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../db/migrate';

/**
 * The SAMPLE NDIS Support Catalogue files shipped with Wattle (seed/catalogue/): about fifty items in
 * the NDIA's own layout with prices resembling the 2025-26 price guide, for the demo data and tests.
 * They are not the NDIA's catalogue: a provider imports the current official file in Settings → Rates.
 * The 2026-27 file is the same items a year on, for tests of a second year.
 */
export const sampleCatalogueFiles = {
  '2025-26': 'SAMPLE-ndis-support-catalogue-2025-26.csv',
  '2026-27': 'SAMPLE-ndis-support-catalogue-2026-27.csv',
} as const;

export type SampleCatalogueYear = keyof typeof sampleCatalogueFiles;

/** Where the sample files are, found from the migrations (so from src/ and from a dist bundle alike). */
export function sampleCataloguePath(year: SampleCatalogueYear): string {
  return path.resolve(migrationsFolder(), '../src/seed/catalogue', sampleCatalogueFiles[year]);
}

export function readSampleCatalogue(year: SampleCatalogueYear): { bytes: Buffer; fileName: string } {
  return { bytes: readFileSync(sampleCataloguePath(year)), fileName: sampleCatalogueFiles[year] };
}
