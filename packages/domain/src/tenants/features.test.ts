import { describe, expect, it } from 'vitest';
import {
  featureOfApiRoute,
  featureOffMessage,
  featureOfWebPath,
  tenantFeatureInfo,
  tenantFeatures,
  tenantFeaturesOf,
} from './features';
import { TenantFeaturesSchema } from './schemas';

describe('tenant feature flags', () => {
  it('are the six flags of the tenant schema (spec shell section 3), each described', () => {
    expect([...tenantFeatures].sort()).toEqual(Object.keys(TenantFeaturesSchema.shape).sort());
    for (const feature of tenantFeatures) expect(tenantFeatureInfo[feature].label.length).toBeGreaterThan(3);
  });

  it('reads a flag not stored as on, and only false as off', () => {
    expect(tenantFeaturesOf({ reporting: false })).toEqual({
      invoiceProcessing: true,
      timesheetManagement: true,
      participantManagement: true,
      teamManagement: true,
      reporting: false,
      complianceTracking: true,
    });
    expect(tenantFeaturesOf(null).reporting).toBe(true);
  });

  it('maps API routes to the flag of their area', () => {
    expect(featureOfApiRoute('GET', '/api/invoices')).toBe('invoiceProcessing');
    expect(featureOfApiRoute('GET', '/api/invoices/:id/pdf')).toBe('invoiceProcessing');
    expect(featureOfApiRoute('GET', '/api/invoices/export/xero.csv')).toBe('invoiceProcessing');
    expect(featureOfApiRoute('POST', '/api/claims')).toBe('invoiceProcessing');
    expect(featureOfApiRoute('GET', '/api/time-entries/export.csv')).toBe('timesheetManagement');
    expect(featureOfApiRoute('POST', '/api/timer/start')).toBe('timesheetManagement');
    expect(featureOfApiRoute('GET', '/api/participants/:id/plan')).toBe('participantManagement');
    expect(featureOfApiRoute('GET', '/api/behaviour-analytics.csv')).toBe('reporting');
    expect(featureOfApiRoute('GET', '/api/dashboard')).toBe('reporting');
    expect(featureOfApiRoute('GET', '/api/audit-packs/:id/download')).toBe('complianceTracking');
    expect(featureOfApiRoute('GET', '/api/deadlines')).toBe('complianceTracking');
  });

  it('leaves reading teams open and closes changing them with team management', () => {
    expect(featureOfApiRoute('GET', '/api/teams')).toBeNull();
    expect(featureOfApiRoute('GET', '/api/teams/:idOrSlug')).toBeNull();
    expect(featureOfApiRoute('GET', '/api/teams/:teamId/work-items')).toBeNull();
    expect(featureOfApiRoute('POST', '/api/teams')).toBe('teamManagement');
    expect(featureOfApiRoute('PATCH', '/api/teams/:id')).toBe('teamManagement');
    expect(featureOfApiRoute('DELETE', '/api/teams/:id/members/:userId')).toBe('teamManagement');
    expect(featureOfApiRoute('PUT', '/api/teams/:id/workflow-states')).toBe('teamManagement');
    expect(featureOfApiRoute('POST', '/api/care-teams')).toBe('teamManagement');
    expect(featureOfApiRoute('POST', '/api/invitations/:id/resend')).toBe('teamManagement');
    // An invited person accepting is not the team's management.
    expect(featureOfApiRoute('POST', '/api/invitations/accept')).toBeNull();
    expect(featureOfApiRoute('GET', '/api/invitations/link/:token')).toBeNull();
  });

  it('covers whole path segments only, and no flag covers the rest of the app', () => {
    expect(featureOfApiRoute('GET', '/api/invoices-archive')).toBeNull();
    expect(featureOfApiRoute('GET', '/api/cards')).toBeNull();
    expect(featureOfApiRoute('GET', '/api/settings/tax-invoice')).toBeNull();
    expect(featureOfApiRoute('GET', '/api/global/tenants')).toBeNull();
  });

  it('maps web pages to their flag', () => {
    expect(featureOfWebPath('/invoices/new')).toBe('invoiceProcessing');
    expect(featureOfWebPath('/approvals/invoices')).toBe('invoiceProcessing');
    expect(featureOfWebPath('/timesheet')).toBe('timesheetManagement');
    expect(featureOfWebPath('/settings/user/rates')).toBe('timesheetManagement');
    expect(featureOfWebPath('/settings/user')).toBeNull();
    expect(featureOfWebPath('/participants/abc')).toBe('participantManagement');
    expect(featureOfWebPath('/behavior-analytics/team-x')).toBe('reporting');
    expect(featureOfWebPath('/teams-config')).toBe('teamManagement');
    expect(featureOfWebPath('/teams')).toBeNull();
    expect(featureOfWebPath('/inbox')).toBeNull();
  });

  it('says which feature is off and how to turn it on', () => {
    const message = featureOffMessage('invoiceProcessing', 'sunrise-ab12');
    expect(message).toContain('Invoice processing is turned off for your organisation');
    expect(message).toContain('global admin');
    expect(message).toContain('npm run admin -- set-feature sunrise-ab12 invoiceProcessing on');
  });
});
