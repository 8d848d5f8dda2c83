/**
 * The organisation's allowed e-mail domains (Security settings): when it lists any, only people with
 * an address at one of them may be invited or join by invitation. The domain must match exactly
 * (staff.sunrise.org.au is not sunrise.org.au): an organisation lists each domain it uses.
 * People already in the organisation keep their place (docs/decisions/0030).
 */

/** The lower-cased part after the last @, or '' when there is none. */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

export function isEmailDomainAllowed(email: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  return allowedDomains.includes(emailDomainOf(email));
}

/** "a.org or b.org", "a.org, b.org or c.org". */
function listOfDomains(domains: readonly string[]): string {
  if (domains.length <= 1) return domains.join('');
  return `${domains.slice(0, -1).join(', ')} or ${domains.at(-1)}`;
}

/** Why an address is refused, naming it and the domains that are allowed. */
export function emailDomainRefusal(email: string, allowedDomains: readonly string[]): string {
  return `This organisation only invites e-mail addresses at ${listOfDomains(allowedDomains)}: ${email.trim().toLowerCase()} is not one of them.`;
}
