import { z } from 'zod';
import { MembershipRoleSchema } from '../auth/role-schemas';
import { maxAllowedEmailDomains, minimumAuditRetentionDays, sessionIdleMinutesRange } from './constants';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #3b82f6');
/** A host name of at least two labels (care.example.org): letters, digits and inner hyphens. */
const hostnamePattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const hostname = z.string().max(253).regex(hostnamePattern, 'Use a domain like care.example.org');

export const DataResidencySchema = z.enum(['AU', 'NZ']);
export const ComplianceLevelSchema = z.enum(['basic', 'standard', 'enhanced']);

export const TenantSettingsSchema = z.object({
  whiteLabel: z.boolean(),
  primaryColor: hexColor,
  customDomain: hostname.nullable(),
  dataResidency: DataResidencySchema,
  complianceLevel: ComplianceLevelSchema,
});
export type TenantSettings = z.infer<typeof TenantSettingsSchema>;

export const SubscriptionSchema = z.object({
  plan: z.enum(['trial', 'starter', 'professional', 'enterprise']),
  status: z.enum(['trialing', 'active', 'past_due', 'cancelled']),
  startDate: z.iso.date(),
  endDate: z.iso.date().nullable(),
  trialEndsAt: z.iso.datetime({ offset: true }).nullable(),
  features: z.array(z.string()),
  limits: z.object({ maxTeams: z.number().int(), maxUsers: z.number().int(), storageGB: z.number().int() }),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const AuditConfigSchema = z.object({
  retentionDays: z
    .number()
    .int()
    .min(
      minimumAuditRetentionDays,
      `Audit retention must be at least ${minimumAuditRetentionDays} days (seven years) for NDIS records`,
    )
    .max(36_500, 'Audit retention can be at most 36500 days (100 years)'),
  logLevel: z.enum(['minimal', 'standard', 'verbose']),
  includePersonalData: z.boolean(),
  complianceMode: z.enum(['ndis', 'standard']),
  autoArchive: z.boolean(),
  exportFormat: z.enum(['pdf', 'csv', 'json']),
});
export type AuditConfig = z.infer<typeof AuditConfigSchema>;

export const BillingConfigSchema = z.object({
  currency: z.literal('AUD'),
  taxRate: z.number().min(0).max(1),
  invoicePrefix: z.string().min(1).max(10),
  paymentTerms: z.number().int().min(0).max(365),
  autoInvoice: z.boolean(),
});
export type BillingConfig = z.infer<typeof BillingConfigSchema>;

export const TenantFeaturesSchema = z.object({
  invoiceProcessing: z.boolean(),
  timesheetManagement: z.boolean(),
  participantManagement: z.boolean(),
  teamManagement: z.boolean(),
  reporting: z.boolean(),
  complianceTracking: z.boolean(),
});
export type TenantFeatures = z.infer<typeof TenantFeaturesSchema>;

/** The organisation profile the spec gives for the internal tenant; any tenant may fill it in. */
export const TenantProfileSchema = z.object({
  domain: z.string().max(253).optional(),
  abn: z
    .string()
    .regex(/^\d{11}$/, 'An ABN has 11 digits')
    .optional(),
  address: z
    .object({
      street: z.string().max(200),
      city: z.string().max(100),
      state: z.string().max(50),
      postcode: z.string().max(10),
      country: z.string().max(60),
    })
    .optional(),
  phone: z.string().max(40).optional(),
  email: z.email().optional(),
  website: z.url().optional(),
  ndisRegistration: z
    .object({
      registrationNumber: z.string().max(40),
      registrationDate: z.iso.date(),
      expiryDate: z.iso.date(),
      serviceTypes: z.array(z.string().max(100)),
    })
    .optional(),
  serviceTypes: z.array(z.string().max(100)).optional(),
  qualityAudit: z
    .object({ lastAuditDate: z.iso.date(), nextAuditDate: z.iso.date(), auditor: z.string() })
    .optional(),
});
export type TenantProfile = z.infer<typeof TenantProfileSchema>;

/**
 * How the organisation's people sign in (the Security settings): sessions idle longer than
 * `sessionIdleMinutes` are refused in this organisation (null: the server's limit alone), and when
 * `allowedEmailDomains` is not empty only people with an e-mail address at one of them may be invited.
 */
export const TenantSecuritySchema = z.object({
  sessionIdleMinutes: z
    .number()
    .int()
    .min(
      sessionIdleMinutesRange.min,
      `Session idle time must be between ${sessionIdleMinutesRange.min} and ${sessionIdleMinutesRange.max} minutes`,
    )
    .max(
      sessionIdleMinutesRange.max,
      `Session idle time must be between ${sessionIdleMinutesRange.min} and ${sessionIdleMinutesRange.max} minutes`,
    )
    .nullable(),
  allowedEmailDomains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(253)
        .regex(hostnamePattern, 'Use an e-mail domain like sunrise.org.au (no @ and no spaces)'),
    )
    .max(maxAllowedEmailDomains, `Allow at most ${maxAllowedEmailDomains} e-mail domains`)
    .refine((domains) => new Set(domains).size === domains.length, 'Each e-mail domain may appear only once'),
});
export type TenantSecurity = z.infer<typeof TenantSecuritySchema>;

/**
 * A logo as a data URL (PNG or JPEG, at most 256 KB encoded): shown in the app's header and printed on
 * tax invoices (PNG and JPEG alike). Small enough to travel with the tenant's record.
 */
export const maxLogoDataUrlLength = 256 * 1024;
export const LogoDataUrlSchema = z
  .string()
  .max(maxLogoDataUrlLength, 'The logo must be at most 256 KB; use a smaller image')
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, 'The logo must be a PNG or JPEG image');

export const TenantSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  prefix: z.string().length(3),
  isInternal: z.boolean(),
  timeZone: z.string(),
  settings: TenantSettingsSchema,
  profile: TenantProfileSchema,
  features: TenantFeaturesSchema,
  subscription: SubscriptionSchema,
  auditConfig: AuditConfigSchema,
  billingConfig: BillingConfigSchema,
  security: TenantSecuritySchema,
  version: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Tenant = z.infer<typeof TenantSchema>;

/** One row of the tenant switcher: the tenant plus the caller's place in it. */
export const TenantSummarySchema = TenantSchema.pick({
  id: true,
  slug: true,
  name: true,
  logo: true,
  prefix: true,
  isInternal: true,
  settings: true,
  subscription: true,
  /** The organisation's feature flags: the web app hides what is off (tenants/features.ts). */
  features: true,
}).extend({
  /** The caller's membership role; null for a system admin entering through an access request. */
  role: MembershipRoleSchema.nullable(),
  /** All of the tenant's teams for owners and admins; the shared teams for guests; the caller's teams otherwise. */
  teamCount: z.number().int().nonnegative(),
  joinedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When access granted by an approved request ends (system admins only). */
  accessExpiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TenantSummary = z.infer<typeof TenantSummarySchema>;

/** What tenant admins may change in their tenant's settings. */
export const UpdateTenantSchema = z.object({
  version: z.number().int(),
  name: z.string().trim().min(1).max(120).optional(),
  /** A new logo, or null to remove it. */
  logo: LogoDataUrlSchema.nullable().optional(),
  /**
   * Data residency is where this installation keeps its records, set with the organisation (shown,
   * not chosen here): a change is refused by name rather than dropped without a word.
   */
  settings: TenantSettingsSchema.omit({ dataResidency: true })
    .extend({ dataResidency: z.never('Data residency cannot be changed here').optional() })
    .partial()
    .optional(),
  security: TenantSecuritySchema.partial().optional(),
  profile: TenantProfileSchema.optional(),
  billingConfig: BillingConfigSchema.partial().optional(),
  auditConfig: AuditConfigSchema.partial().optional(),
  timeZone: z.string().max(64).optional(),
});
export type UpdateTenant = z.infer<typeof UpdateTenantSchema>;

/** The short listing of tenants a system admin may request access to. */
export const TenantDirectoryEntrySchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });
