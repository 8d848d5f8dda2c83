/** Business constants of spec shell section 9 and DESIGN.md section 3. */

/** A new tenant's trial: 14 days (336 hours); a reminder shows 7 days before it ends. */
export const trialHours = 336;
export const trialReminderDays = 7;

/**
 * Audit records are kept never less than seven calendar years (DESIGN.md section 3; NDIS records).
 * Seven years can hold two 29 Februaries, so that is 7 × 365 + 2 = 2557 days: the specification's
 * 2555 falls up to two days short, so it is raised to this floor, which is also the default.
 */
export const minimumAuditRetentionDays = 2557;
export const auditRetentionDays = minimumAuditRetentionDays;

/**
 * An organisation may end idle sessions sooner than the server does (SESSION_IDLE_MINUTES): from 5
 * minutes to a day. Unset, the server's limit alone applies.
 */
export const sessionIdleMinutesRange = { min: 5, max: 24 * 60 } as const;

/** At most this many e-mail domains may be allowed for invitations. */
export const maxAllowedEmailDomains = 20;

/** Where an organisation's records are kept (spec shell section 3, settings.dataResidency). */
export const dataResidencyLabels = {
  AU: 'Australia only',
  NZ: 'New Zealand only',
} as const;

export const defaultPrimaryColor = '#3b82f6';
export const defaultSecondaryColor = '#10b981';
export const defaultPrimaryHsl = '217 91% 60%';
export const defaultTimeZone = 'Australia/Sydney';

export const internalTenantServiceTypes = ['Core Supports', 'Capacity Building', 'Capital Supports'] as const;

/** Billing of the internal tenant (spec shell section 9). */
export const internalBillingConfig = {
  currency: 'AUD',
  taxRate: 0.1,
  invoicePrefix: 'INV',
  paymentTerms: 30,
  autoInvoice: false,
} as const;

/** Provider tenants: NDIS supports are GST-free by default (DESIGN.md section 7). */
export const defaultBillingConfig = {
  currency: 'AUD',
  taxRate: 0,
  invoicePrefix: 'INV',
  paymentTerms: 30,
  autoInvoice: false,
} as const;

export const defaultAuditConfig = {
  retentionDays: auditRetentionDays,
  logLevel: 'standard',
  includePersonalData: false,
  complianceMode: 'ndis',
  autoArchive: true,
  exportFormat: 'pdf',
} as const;

/** Limits per plan; -1 means unlimited (the enterprise plan). */
export const planLimits = {
  trial: { maxTeams: 5, maxUsers: 25, storageGB: 10 },
  starter: { maxTeams: 10, maxUsers: 50, storageGB: 50 },
  professional: { maxTeams: 50, maxUsers: 250, storageGB: 250 },
  enterprise: { maxTeams: -1, maxUsers: -1, storageGB: 1000 },
} as const;

export const allTenantFeatures = {
  invoiceProcessing: true,
  timesheetManagement: true,
  participantManagement: true,
  teamManagement: true,
  reporting: true,
  complianceTracking: true,
} as const;
