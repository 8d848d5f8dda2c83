import { describe, expect, it } from 'vitest';
import { emailDomainOf, emailDomainRefusal, isEmailDomainAllowed } from './email-domains';

describe('allowed e-mail domains', () => {
  it('allows any address while no domain is listed', () => {
    expect(isEmailDomainAllowed('someone@anywhere.example', [])).toBe(true);
  });

  it('matches the domain exactly, ignoring case, and no subdomain', () => {
    const domains = ['sunrise.org.au', 'example.com'];
    expect(isEmailDomainAllowed('Lee@Sunrise.ORG.au', domains)).toBe(true);
    expect(isEmailDomainAllowed('lee@example.com', domains)).toBe(true);
    expect(isEmailDomainAllowed('lee@staff.sunrise.org.au', domains)).toBe(false);
    expect(isEmailDomainAllowed('lee@sunrise.org.au.evil.example', domains)).toBe(false);
    expect(isEmailDomainAllowed('not-an-email', domains)).toBe(false);
  });

  it('takes the part after the last @', () => {
    expect(emailDomainOf('"odd@name"@Sunrise.org.au')).toBe('sunrise.org.au');
  });

  it('names the address and the allowed domains in its refusal', () => {
    expect(emailDomainRefusal('Kim@Gmail.com', ['sunrise.org.au'])).toBe(
      'This organisation only invites e-mail addresses at sunrise.org.au: kim@gmail.com is not one of them.',
    );
    expect(emailDomainRefusal('kim@gmail.com', ['a.org', 'b.org', 'c.org'])).toBe(
      'This organisation only invites e-mail addresses at a.org, b.org or c.org: kim@gmail.com is not one of them.',
    );
  });
});
