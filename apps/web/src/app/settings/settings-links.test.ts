import { describe, expect, it } from 'vitest';
import { settingsLinksFor, visibleSettingsGroups } from './settings-links';

describe('settings links by role', () => {
  it('shows practitioners, support workers and family guardians only their user settings', () => {
    for (const role of ['team-member', 'support-worker', 'viewer'] as const) {
      expect(visibleSettingsGroups(role)).toEqual(['user']);
      expect(settingsLinksFor(role).map((link) => link.label)).toContain('User Settings');
      expect(settingsLinksFor(role).map((link) => link.label)).toContain('Practitioner Settings');
      expect(settingsLinksFor(role).map((link) => link.label)).not.toContain('Tenant Settings');
    }
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
});
