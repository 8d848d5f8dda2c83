import { minimumAuditRetentionDays } from '@wattle/domain/tenants/constants';
import { maxLogoDataUrlLength, type Tenant, type UpdateTenant } from '@wattle/domain/tenants/schemas';

/** What the Tenant Settings form edits, as typed (numbers as text until saved). */
export interface TenantFormValues {
  name: string;
  whiteLabel: boolean;
  primaryColor: string;
  logo: string | null;
  customDomain: string;
  retentionDays: string;
}

/**
 * The largest logo file, in KB, whose data URL fits the server's limit (base64 is four characters
 * for every three bytes, after the "data:image/jpeg;base64," prefix). People pick a file, so the
 * limit they are told is the file's, not the encoded 256 KB.
 */
export const maxLogoFileKB = Math.floor(
  ((maxLogoDataUrlLength - 'data:image/jpeg;base64,'.length) * 3) / 4 / 1024,
);
export const logoTooLargeMessage = `The logo file must be at most ${maxLogoFileKB} KB; use a smaller image`;

export type TenantFormErrors = Partial<Record<keyof TenantFormValues, string>>;

export function toTenantForm(tenant: Tenant): TenantFormValues {
  return {
    name: tenant.name,
    whiteLabel: tenant.settings.whiteLabel,
    primaryColor: tenant.settings.primaryColor,
    logo: tenant.logo,
    customDomain: tenant.settings.customDomain ?? '',
    retentionDays: String(tenant.auditConfig.retentionDays),
  };
}

const hostnamePattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** The form's own checks, worded as the server's (which checks again). */
export function checkTenantForm(values: TenantFormValues): TenantFormErrors {
  const errors: TenantFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Enter the organisation’s name';
  else if (name.length > 120) errors.name = 'The name can be at most 120 characters';
  if (!/^#[0-9a-f]{6}$/i.test(values.primaryColor)) errors.primaryColor = 'Use a colour like #3b82f6';
  const domain = values.customDomain.trim();
  if (domain && !hostnamePattern.test(domain)) errors.customDomain = 'Use a domain like care.example.org';
  const days = Number(values.retentionDays);
  if (!/^\d+$/.test(values.retentionDays.trim()) || days < minimumAuditRetentionDays) {
    errors.retentionDays = `Audit retention must be at least ${minimumAuditRetentionDays} days (seven years) for NDIS records`;
  } else if (days > 36_500) {
    errors.retentionDays = 'Audit retention can be at most 36500 days (100 years)';
  }
  if (values.logo && values.logo.length > maxLogoDataUrlLength) {
    errors.logo = logoTooLargeMessage;
  }
  return errors;
}

/** The PATCH body: only what changed, from the version the edit started from. */
export function toTenantUpdate(values: TenantFormValues, tenant: Tenant, version: number): UpdateTenant {
  const before = toTenantForm(tenant);
  const update: UpdateTenant = { version };
  if (values.name.trim() !== before.name) update.name = values.name.trim();
  if (values.logo !== before.logo) update.logo = values.logo;
  const settings: NonNullable<UpdateTenant['settings']> = {};
  if (values.whiteLabel !== before.whiteLabel) settings.whiteLabel = values.whiteLabel;
  if (values.primaryColor.toLowerCase() !== before.primaryColor.toLowerCase()) {
    settings.primaryColor = values.primaryColor.toLowerCase();
  }
  const domain = values.customDomain.trim().toLowerCase();
  if (domain !== before.customDomain) settings.customDomain = domain || null;
  if (Object.keys(settings).length > 0) update.settings = settings;
  if (values.retentionDays.trim() !== before.retentionDays) {
    update.auditConfig = { retentionDays: Number(values.retentionDays) };
  }
  return update;
}

/** Which form field a server field path belongs to. */
export function formFieldOfPath(path: readonly (string | number)[]): keyof TenantFormValues | null {
  const [first, second] = path;
  if (first === 'name' || first === 'logo') return first;
  if (
    first === 'settings' &&
    (second === 'whiteLabel' || second === 'primaryColor' || second === 'customDomain')
  ) {
    return second;
  }
  if (first === 'auditConfig' && second === 'retentionDays') return 'retentionDays';
  return null;
}
