import type { Role } from '@wattle/domain/auth/roles';
import { describe, expect, it } from 'vitest';
import {
  isOrganisationSettingsPage,
  seesOrganisationSettings,
  settingsLinksFor,
  visibleSettingsGroups,
} from './settings-links';

describe('settings links by role', () => {
  it('shows practitioners, support workers and family guardians only their user settings', () => {
    for (const role of ['team-member', 'support-worker', 'viewer'] as const) {
      expect(visibleSettingsGroups(role)).toEqual(['user']);
      expect(settingsLinksFor(role).map((link) => link.label)).toContain('User Settings');
      expect(settingsLinksFor(role).map((link) => link.label)).not.toContain('Tenant Settings');
    }
  });

  it('shows Practitioner Settings to staff and auditors, not to a family guardian, who is not staff', () => {
    for (const role of ['team-member', 'support-worker', 'tenant-admin', 'auditor'] as const) {
      expect(settingsLinksFor(role).map((link) => link.label)).toContain('Practitioner Settings');
    }
    expect(settingsLinksFor('viewer').map((link) => link.label)).not.toContain('Practitioner Settings');
  });

  it("finds the organisation's pages not found when a family guardian types them, and leaves staff theirs", () => {
    const hidden = (pathname: string, role: Role) =>
      isOrganisationSettingsPage(pathname) && !seesOrganisationSettings(role);
    expect(hidden('/settings/tenant', 'viewer')).toBe(true);
    expect(hidden('/settings/templates', 'viewer')).toBe(true);
    expect(hidden('/settings/user', 'viewer')).toBe(false);
    expect(hidden('/settings', 'viewer')).toBe(false);
    // Support workers read the templates and are told who sees the tax-invoice settings.
    expect(hidden('/settings/templates', 'support-worker')).toBe(false);
    expect(hidden('/settings/tax-invoice', 'support-worker')).toBe(false);
    expect(hidden('/settings/tenant', 'team-admin')).toBe(false);
  });

  it('lists Rates with the user settings of those who bill time, not of a family guardian', () => {
    for (const role of ['team-member', 'support-worker', 'tenant-admin'] as const) {
      expect(settingsLinksFor(role).map((link) => link.label)).toContain('Rates');
    }
    expect(settingsLinksFor('viewer').map((link) => link.label)).not.toContain('Rates');
  });

  it('shows tenant admins all but System Admin', () => {
    expect(visibleSettingsGroups('tenant-admin')).toEqual(['user', 'organisation']);
    expect(settingsLinksFor('tenant-admin').map((link) => link.label)).not.toContain('System Settings');
  });

  it('shows system and global admins everything', () => {
    expect(visibleSettingsGroups('system-admin')).toEqual(['user', 'organisation', 'system']);
    expect(visibleSettingsGroups('global-admin')).toEqual(['user', 'organisation', 'system']);
  });

  it('shows Global Settings to global admins only, and Integrations to owners and admins up', () => {
    expect(settingsLinksFor('global-admin').map((link) => link.label)).toContain('Global Settings');
    expect(settingsLinksFor('system-admin').map((link) => link.label)).toContain('System Settings');
    expect(settingsLinksFor('system-admin').map((link) => link.label)).not.toContain('Global Settings');
    expect(settingsLinksFor('tenant-admin').map((link) => link.label)).toContain('Integrations');
    expect(settingsLinksFor('team-admin').map((link) => link.label)).not.toContain('Integrations');
  });

  it('leaves out the pages of a feature the organisation has turned off', () => {
    const features = {
      invoiceProcessing: true,
      timesheetManagement: false,
      participantManagement: true,
      teamManagement: false,
      reporting: true,
      complianceTracking: true,
    };
    const labels = settingsLinksFor('tenant-admin', features).map((link) => link.label);
    expect(labels).not.toContain('Rates');
    expect(labels).not.toContain('Team Management');
    expect(labels).not.toContain('Team Configuration');
    expect(labels).toContain('Tax Invoice Settings');
    expect(settingsLinksFor('tenant-admin').map((link) => link.label)).toContain('Rates');
  });
});
