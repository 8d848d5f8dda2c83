import type { CreateTimeCode } from '@wattle/domain/time/time-codes';
import { CreateTimeCodeSchema } from '@wattle/domain/time/time-codes';
import type { Database } from '../db/client';
import type { Actor } from '../db/with-tenant';
import { importCatalogue, readCatalogueFile } from '../features/support-catalogue/import-catalogue';
import { createTimeCode } from '../features/time-codes/create-time-code';
import { runInTenant } from '../http/tenant-scope';
import { readSampleCatalogue } from './sample-catalogue';

/**
 * Each demo tenant's time codes (spec work section 9 gives 68.45 an hour for core and 193.99 for
 * capacity building): the first item of each family of time-of-day items (the pricing rules pick the
 * evening, Saturday or public holiday item of the family from an entry's time), at rates at or under
 * the sample catalogue's price limits, and one code no longer used, which stays listed as inactive.
 */
export const demoTimeCodes: CreateTimeCode[] = [
  { code: '01_011_0107_1_1', description: 'Personal care and daily living', hourlyRateCents: 6845 },
  {
    code: '04_104_0125_6_1',
    description: 'Community access and social participation',
    hourlyRateCents: 6845,
  },
  { code: '07_002_0106_8_3', description: 'Support coordination', hourlyRateCents: 10014 },
  { code: '09_009_0117_6_3', description: 'Life skills development', hourlyRateCents: 6800 },
  { code: '11_022_0110_7_3', description: 'Specialist behaviour support', hourlyRateCents: 24500 },
  { code: '15_054_0128_6_1', description: 'Therapy assessment and training', hourlyRateCents: 19399 },
  { code: '15_056_0128_1_3', description: 'Physiotherapy', hourlyRateCents: 19000 },
  { code: '01_020_0120_1_1', description: 'House cleaning', hourlyRateCents: 5500, isActive: false },
];

/**
 * Imports the sample 2025-26 catalogue into a demo tenant and adds its time codes, through the same
 * services as the Rates page (audited as the tenant's owner).
 */
export async function seedDemoTimeCodes(db: Database, tenantId: string, owner: Actor): Promise<void> {
  const sample = readSampleCatalogue('2025-26');
  const catalogue = await readCatalogueFile(sample.bytes);
  await runInTenant(db, tenantId, owner, async (ctx) => {
    await importCatalogue(ctx, { fileName: sample.fileName, catalogue });
    for (const code of demoTimeCodes) await createTimeCode(ctx, CreateTimeCodeSchema.parse(code));
  });
}
