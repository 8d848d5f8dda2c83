import type { Tx } from '../db/client';

/**
 * What one deadline job gets for one tenant: its transaction (under row-level security), today, and
 * for jobs that reckon in instants (the Commission deadlines) the moment and the tenant's time zone.
 */
export interface JobScope {
  tx: Tx;
  tenantId: string;
  /** The tenant's today (yyyy-mm-dd in its time zone). */
  today: string;
  /** The moment the run reckons from (its `today` is this moment's date in `timeZone`). */
  now: Date;
  /** The tenant's IANA time zone. */
  timeZone: string;
}
