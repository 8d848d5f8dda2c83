import type { Tenant } from '@wattle/domain/tenants/schemas';
import { LogoDataUrlSchema } from '@wattle/domain/tenants/schemas';
import { describe, expect, it } from 'vitest';
import {
  checkTenantForm,
  formFieldOfPath,
  logoTooLargeMessage,
  maxLogoFileKB,
  toTenantForm,
  toTenantUpdate,
} from './tenant-form';

const tenant = {
  name: 'Sunrise Support Network',
  logo: null,
  settings: {
    whiteLabel: true,
    primaryColor: '#ea580c',
    customDomain: 'care.sunrise.example',
    dataResidency: 'AU',
    complianceLevel: 'standard',
  },
  auditConfig: { retentionDays: 2557 },
  version: 4,
} as unknown as Tenant;

describe('tenant settings form', () => {
  it('sends only what changed, from the version the edit started from', () => {
    const values = { ...toTenantForm(tenant), primaryColor: '#0F766E', customDomain: ' ' };
    expect(toTenantUpdate(values, tenant, 4)).toEqual({
      version: 4,
      settings: { primaryColor: '#0f766e', customDomain: null },
    });
    expect(toTenantUpdate(toTenantForm(tenant), tenant, 4)).toEqual({ version: 4 });
    expect(toTenantUpdate({ ...toTenantForm(tenant), retentionDays: '3650' }, tenant, 5)).toEqual({
      version: 5,
      auditConfig: { retentionDays: 3650 },
    });
  });

  it('refuses less than seven years of audit, a bad colour, domain or empty name, in plain words', () => {
    const errors = checkTenantForm({
      ...toTenantForm(tenant),
      name: ' ',
      primaryColor: 'orange',
      customDomain: 'https://care.example.org',
      retentionDays: '2555',
    });
    expect(errors).toEqual({
      name: 'Enter the organisation’s name',
      primaryColor: 'Use a colour like #3b82f6',
      customDomain: 'Use a domain like care.example.org',
      retentionDays: 'Audit retention must be at least 2557 days (seven years) for NDIS records',
    });
    expect(checkTenantForm(toTenantForm(tenant))).toEqual({});
  });

  it('tells the logo limit as the file size the server accepts', () => {
    // A file of `kb` KB as base64: four characters for every three bytes (or part of three).
    const logoOf = (kb: number) => `data:image/jpeg;base64,${'A'.repeat(4 * Math.ceil((kb * 1024) / 3))}`;
    const fits = logoOf(maxLogoFileKB);
    const tooBig = logoOf(maxLogoFileKB + 1);
    expect(LogoDataUrlSchema.safeParse(fits).success).toBe(true);
    expect(LogoDataUrlSchema.safeParse(tooBig).success).toBe(false);
    const values = toTenantForm(tenant);
    expect(checkTenantForm({ ...values, logo: fits }).logo).toBeUndefined();
    expect(checkTenantForm({ ...values, logo: tooBig }).logo).toBe(logoTooLargeMessage);
    expect(logoTooLargeMessage).toBe(
      `The logo file must be at most ${maxLogoFileKB} KB; use a smaller image`,
    );
  });

  it('places server field paths on their fields', () => {
    expect(formFieldOfPath(['auditConfig', 'retentionDays'])).toBe('retentionDays');
    expect(formFieldOfPath(['settings', 'customDomain'])).toBe('customDomain');
    expect(formFieldOfPath(['logo'])).toBe('logo');
    expect(formFieldOfPath(['profile', 'abn'])).toBeNull();
  });
});
