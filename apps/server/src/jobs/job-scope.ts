import type { Tx } from '../db/client';

/** What one deadline job gets for one tenant: its transaction (under row-level security) and today. */
export interface JobScope {
  tx: Tx;
  tenantId: string;
  /** The tenant's today (yyyy-mm-dd in its time zone). */
  today: string;
}
