import type { AppOptions } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/client';

/** OpenID Connect sign-in: built by the OIDC work in progress. */
export async function createOidc(_config: Config, _db: Database): Promise<NonNullable<AppOptions['oidc']>> {
  throw new Error('AUTH_MODE=oidc is not available yet');
}
