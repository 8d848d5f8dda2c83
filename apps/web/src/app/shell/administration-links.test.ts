import { can, type Permission } from '@wattle/domain/auth/permissions';
import { type Role, roles } from '@wattle/domain/auth/roles';
import { tenantFeaturesOf } from '@wattle/domain/tenants/features';
import { describe, expect, it } from 'vitest';
import { administrationLinksFor } from './administration-links';

const allOn = tenantFeaturesOf(null);

function labelsFor(role: Role, { isSystemAdmin = false, features = allOn } = {}): string[] {
  return administrationLinksFor({
    holds: (permission) => can(role, permission),
    isSystemAdmin,
    features,
  }).map((link) => link.label);
}

describe('the sidebar’s Administration links', () => {
  it('shows Financial Management only to those who read invoices (owners, admins, auditors, platform admins)', () => {
    for (const role of roles) {
      expect(labelsFor(role).includes('Financial Management'), role).toBe(can(role, 'read:invoices'));
    }
    for (const role of ['tenant-admin', 'auditor', 'system-admin', 'global-admin'] as const) {
      expect(labelsFor(role), role).toContain('Financial Management');
    }
    for (const role of ['team-admin', 'team-member', 'support-worker', 'viewer'] as const) {
      expect(labelsFor(role), role).not.toContain('Financial Management');
    }
  });

  it('shows Time Tracking to those who record or approve time, not to auditors or family guardians', () => {
    for (const role of ['tenant-admin', 'team-admin', 'team-member', 'support-worker'] as const) {
      expect(labelsFor(role), role).toContain('Time Tracking');
    }
    expect(labelsFor('auditor')).not.toContain('Time Tracking');
    expect(labelsFor('viewer')).not.toContain('Time Tracking');
  });

  it('shows File Storage to every role, as the server lists each the files of the cards they may open', () => {
    for (const role of roles) expect(labelsFor(role), role).toContain('File Storage');
  });

  it('gives a support worker Time Tracking and File Storage, and an auditor Financial Management and File Storage', () => {
    expect(labelsFor('support-worker')).toEqual(['Time Tracking', 'File Storage']);
    expect(labelsFor('auditor')).toEqual(['Financial Management', 'File Storage']);
    expect(labelsFor('tenant-admin')).toEqual(['Financial Management', 'Time Tracking', 'File Storage']);
  });

  it('shows Templates & Rules to system admins alone', () => {
    expect(labelsFor('system-admin', { isSystemAdmin: true })).toContain('Templates & Rules');
    expect(labelsFor('global-admin')).not.toContain('Templates & Rules');
    expect(labelsFor('tenant-admin')).not.toContain('Templates & Rules');
  });

  it('hides the links of a feature the organisation has turned off', () => {
    const features = tenantFeaturesOf({ invoiceProcessing: false, timesheetManagement: false });
    expect(labelsFor('tenant-admin', { features })).toEqual(['File Storage']);
  });

  it('asks whether the person holds a permission anywhere, so a team role counts', () => {
    // A practitioner on one team and nothing tenant-wide: their team's write:time shows Time Tracking.
    const held = new Set<Permission>(['write:time']);
    const links = administrationLinksFor({
      holds: (permission) => held.has(permission),
      isSystemAdmin: false,
      features: allOn,
    });
    expect(links.map((link) => link.label)).toEqual(['Time Tracking']);
  });

  it('is empty when the person may use none of them, so the group is left out', () => {
    expect(administrationLinksFor({ holds: () => false, isSystemAdmin: false, features: allOn })).toEqual([]);
  });
});
