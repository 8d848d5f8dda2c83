import { describe, expect, it } from 'vitest';
import {
  decodeFlowState,
  displayNameOf,
  encodeFlowState,
  isMicrosoftEntraIssuer,
  safeReturnTo,
  verifiedEmailOf,
} from './oidc-claims';

const okta = 'https://example.okta.com';
const entra = 'https://login.microsoftonline.com/11111111-2222-3333-4444-555555555555/v2.0';

describe('verifiedEmailOf', () => {
  it('trusts email with email_verified=true from any provider, lower-cased', () => {
    expect(verifiedEmailOf({ sub: 's', email: 'Ann@Example.org', email_verified: true }, okta)).toEqual({
      email: 'ann@example.org',
      source: 'email',
    });
    expect(verifiedEmailOf({ sub: 's', email: 'ann@example.org', email_verified: 'true' }, okta).email).toBe(
      'ann@example.org',
    );
  });

  it('refuses an unverified or missing email outside Entra ID, whatever else is sent', () => {
    expect(
      verifiedEmailOf({ sub: 's', email: 'ann@example.org', email_verified: false }, okta).email,
    ).toBeNull();
    expect(verifiedEmailOf({ sub: 's', email: 'ann@example.org' }, okta).email).toBeNull();
    expect(verifiedEmailOf({ sub: 's', preferred_username: 'ann@example.org' }, okta).email).toBeNull();
    expect(verifiedEmailOf({ sub: 's', upn: 'ann@example.org' }, okta).email).toBeNull();
    expect(verifiedEmailOf({ sub: 's', email: 'not-an-email', email_verified: true }, okta).email).toBeNull();
  });

  it('at Entra ID: never the bare email claim, but email with xms_edov, else the UPN', () => {
    const iss = entra;
    expect(verifiedEmailOf({ sub: 's', iss, email: 'boss@victim.example' }, entra).email).toBeNull();
    expect(verifiedEmailOf({ sub: 's', iss, email: 'ann@contoso.com', xms_edov: true }, entra)).toEqual({
      email: 'ann@contoso.com',
      source: 'email',
    });
    expect(
      verifiedEmailOf(
        { sub: 's', iss, email: 'boss@victim.example', preferred_username: 'Ann@Contoso.com' },
        entra,
      ),
    ).toEqual({ email: 'ann@contoso.com', source: 'preferred_username' });
    expect(
      verifiedEmailOf({ sub: 's', iss, upn: 'ann@contoso.com', preferred_username: 'x@y.z' }, entra),
    ).toEqual({
      email: 'ann@contoso.com',
      source: 'upn',
    });
    expect(verifiedEmailOf({ sub: 's', iss, preferred_username: '+61400000000' }, entra).email).toBeNull();
  });

  it('at Entra ID: refuses the sign-in name of guests and personal accounts', () => {
    const guest = {
      sub: 's',
      iss: entra,
      idp: 'https://sts.windows.net/99999999-2222-3333-4444-555555555555/',
      preferred_username: 'ann@partner.example',
    };
    expect(verifiedEmailOf(guest, entra).email).toBeNull();
    expect(verifiedEmailOf({ ...guest, idp: 'live.com' }, entra).email).toBeNull();
    // A guest with a domain-verified email is fine.
    expect(verifiedEmailOf({ ...guest, email: 'ann@partner.example', xms_edov: true }, entra).email).toBe(
      'ann@partner.example',
    );
  });

  it('knows Entra ID by its host only', () => {
    expect(isMicrosoftEntraIssuer(entra)).toBe(true);
    expect(isMicrosoftEntraIssuer('https://login.microsoftonline.com.evil.example/x')).toBe(false);
    expect(isMicrosoftEntraIssuer('https://evil.example/login.microsoftonline.com')).toBe(false);
    expect(isMicrosoftEntraIssuer('not a url')).toBe(false);
  });
});

describe('displayNameOf', () => {
  it('uses name, else given and family names, else the email', () => {
    expect(displayNameOf({ sub: 's', name: ' Ann Lee ' }, 'ann@x.org')).toBe('Ann Lee');
    expect(displayNameOf({ sub: 's', given_name: 'Ann', family_name: 'Lee' }, 'ann@x.org')).toBe('Ann Lee');
    expect(displayNameOf({ sub: 's' }, 'ann.lee@x.org')).toBe('ann.lee');
  });
});

describe('safeReturnTo', () => {
  it('keeps paths on this site', () => {
    expect(safeReturnTo('/teams/jordan?tab=cards#top')).toBe('/teams/jordan?tab=cards#top');
    expect(safeReturnTo('/inbox')).toBe('/inbox');
  });

  it('falls back to /inbox for anything else', () => {
    for (const value of [
      undefined,
      '',
      'teams',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\r\nLocation: https://evil.example',
      '/api/me',
      '/login',
      `/${'a'.repeat(600)}`,
      ['/teams'],
    ]) {
      expect(safeReturnTo(value)).toBe('/inbox');
    }
  });

  it('never yields raw control characters (encoded ones stay encoded, as a harmless path)', () => {
    expect(safeReturnTo('/%0d%0aSet-Cookie:x')).toBe('/%0d%0aSet-Cookie:x');
  });
});

describe('flow state', () => {
  const flow = {
    state: 'a'.repeat(43),
    nonce: 'b'.repeat(43),
    codeVerifier: 'c'.repeat(43),
    returnTo: '/teams',
  };

  it('round-trips', () => {
    expect(decodeFlowState(encodeFlowState(flow))).toEqual(flow);
  });

  it('refuses anything malformed, and re-checks the return path', () => {
    expect(decodeFlowState('garbage')).toBeNull();
    expect(decodeFlowState(Buffer.from('{"state":"x"}').toString('base64url'))).toBeNull();
    expect(decodeFlowState(encodeFlowState({ ...flow, returnTo: '//evil.example' }))?.returnTo).toBe(
      '/inbox',
    );
  });
});
