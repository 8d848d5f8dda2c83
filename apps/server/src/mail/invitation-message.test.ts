import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { invitationMessage } from './invitation-message';
import { mailerFor } from './mailer';

const input = {
  to: 'casey@example.com',
  inviterName: 'Lee <Lead>',
  organisationName: 'Sunrise & Co',
  teamName: "Jordan's Care Team",
  role: 'Practitioner',
  link: 'https://wattle.example/invite/abc_DEF-123',
  expiresAt: new Date('2026-12-08T14:30:00Z'),
  timeZone: 'Australia/Sydney',
};

describe('the invitation e-mail', () => {
  it('says who invited them, to what, in what role, the link and the day it expires', () => {
    const message = invitationMessage(input);
    expect(message.to).toBe('casey@example.com');
    expect(message.subject).toBe(
      "Lee <Lead> invited you to join Jordan's Care Team at Sunrise & Co on Wattle",
    );
    expect(message.text).toContain(
      "Lee <Lead> has invited you to join Jordan's Care Team at Sunrise & Co as Practitioner on Wattle.",
    );
    expect(message.text).toContain('https://wattle.example/invite/abc_DEF-123');
    // 14:30 UTC on 8 December is already 9 December in Sydney.
    expect(message.text).toContain('expires on 9 December 2026');
  });

  it('escapes names in the HTML part', () => {
    const { html } = invitationMessage(input);
    expect(html).toContain('<strong>Lee &lt;Lead&gt;</strong>');
    expect(html).toContain('Jordan&#39;s Care Team at Sunrise &amp; Co');
    expect(html).toContain('<a href="https://wattle.example/invite/abc_DEF-123">');
    expect(html).not.toContain('<Lead>');
  });

  it('reads without a team or an inviter', () => {
    const message = invitationMessage({ ...input, teamName: null, role: null, inviterName: null });
    expect(message.subject).toBe('Someone invited you to join Sunrise & Co on Wattle');
    expect(message.text).toContain('Someone has invited you to join Sunrise & Co on Wattle.');
  });
});

describe('SMTP configuration', () => {
  it('sends no e-mail without SMTP_URL, and from no-reply@wattle.invalid by default', () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'Wattle <no-reply@wattle.invalid>' });
    expect(mailerFor(config)).toBeNull();
  });

  it('takes an smtp:// or smtps:// URL and a From address', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      SMTP_FROM: 'Care <care@example.com>',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      from: 'Care <care@example.com>',
    });
    expect(mailerFor(config)).not.toBeNull();
    expect(mailerFor(config)).toBe(mailerFor(config));
  });

  it('refuses anything else with a message naming the variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com:587' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(
      /SMTP_URL must be a URL such as smtp:/,
    );
  });
});
