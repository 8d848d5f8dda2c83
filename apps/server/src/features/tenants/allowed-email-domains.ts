import { emailDomainRefusal, isEmailDomainAllowed } from '@wattle/domain/tenants/email-domains';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';

/**
 * Refuses (403, naming the address and the allowed domains) to invite, or let join by invitation,
 * someone whose e-mail is outside the organisation's allowed domains (Security settings). People
 * already in the organisation are never checked here (docs/decisions/0030).
 */
export async function requireAllowedEmailDomain(tx: Tx, tenantId: string, email: string): Promise<void> {
  const [row] = await tx
    .select({ domains: tenants.allowedEmailDomains })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const domains = row?.domains ?? [];
  if (isEmailDomainAllowed(email, domains)) return;
  throw new AppError('FORBIDDEN', emailDomainRefusal(email, domains), {
    field: 'email',
    allowedEmailDomains: domains,
  });
}
