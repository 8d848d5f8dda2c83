import { can, type Permission } from '@wattle/domain/auth/permissions';
import type { Role } from '@wattle/domain/auth/roles';
import { featureOfWebPath } from '@wattle/domain/tenants/features';
import type { TenantFeatures } from '@wattle/domain/tenants/schemas';

/**
 * The settings navigation (spec shell section 2, "Settings links by role"): practitioners, support
 * workers and family guardians see only their User Settings; tenant admins see all but System Admin;
 * everyone else sees all.
 *
 * Two readings, recorded here:
 * - "User Settings" is the group of a user's own pages (profile, notifications, appearance, security),
 *   so everyone can reach the accessibility preferences that DESIGN.md section 6 applies app-wide.
 * - The System Admin group needs `manage:system`. The spec's "others see all" would also show it to
 *   team leads and auditors, whom the server refuses; DESIGN.md section 5 has the web hide what the
 *   server would refuse, and it outranks the spec.
 */

export type SettingsGroup = 'user' | 'organisation' | 'system';

export interface SettingsLink {
  to: string;
  label: string;
  description: string;
  group: SettingsGroup;
  /** Shown only to roles with this permission, or one of these (the page's own reads need it). */
  permission?: Permission | readonly Permission[];
}

export const settingsGroupLabels = {
  user: 'User Settings',
  organisation: 'Organisation',
  system: 'System Admin',
} as const satisfies Record<SettingsGroup, string>;

export const settingsLinks: readonly SettingsLink[] = [
  {
    to: '/settings/user',
    label: 'User Settings',
    description: 'Your name, time zone and e-mail address.',
    group: 'user',
  },
  {
    to: '/settings/notifications',
    label: 'Notifications',
    description: 'Which notifications you receive and how.',
    group: 'user',
  },
  {
    to: '/settings/appearance',
    label: 'Appearance',
    description: 'High contrast, reduced motion and font size.',
    group: 'user',
  },
  {
    to: '/settings/security',
    label: 'Security',
    description: 'Sign-in security and personal API tokens.',
    group: 'user',
  },
  {
    to: '/settings/tenant',
    label: 'Tenant Settings',
    description: 'The organisation’s profile, branding and registration.',
    group: 'organisation',
  },
  {
    to: '/settings/teams',
    label: 'Team Management',
    description: 'Teams, their members and their roles.',
    group: 'organisation',
  },
  {
    to: '/settings/team-config',
    label: 'Team Configuration',
    description: 'Workflow states and templates of each team.',
    group: 'organisation',
  },
  {
    // Every staff member's own profile (qualifications, registrations, screening checks), so it sits
    // with the user's pages; tenant admins also open others' profiles from it. Not a family
    // guardian's: they are not staff.
    to: '/settings/practitioner',
    label: 'Practitioner Settings',
    description: 'Your qualifications, registrations and screening checks.',
    group: 'user',
    permission: ['write:time', 'read:staff'],
  },
  {
    // Under the user's pages, as its path says: everyone who bills time reads the codes and rates
    // there; owners and admins also change them and import the catalogue.
    to: '/settings/user/rates',
    label: 'Rates',
    description: 'Time codes, their hourly rates and the NDIS Support Catalogue.',
    group: 'user',
    permission: 'write:time',
  },
  {
    to: '/settings/tax-invoice',
    label: 'Tax Invoice Settings',
    description: 'Invoice numbering, payment terms and tax.',
    group: 'organisation',
  },
  {
    to: '/settings/templates',
    label: 'Templates',
    description: 'The compliance templates the organisation’s teams use.',
    group: 'organisation',
  },
  {
    to: '/settings/integrations',
    label: 'Integrations',
    description: 'Sign-in, e-mail, file storage and virus scanning, with connection tests.',
    group: 'organisation',
    permission: 'manage:tenant',
  },
  {
    to: '/settings/documentation',
    label: 'Documentation',
    description: 'The handbook, guides and the API reference.',
    group: 'organisation',
  },
  {
    to: '/settings/system',
    label: 'System Settings',
    description: 'Every organisation’s usage, and the health of the platform.',
    group: 'system',
  },
  {
    to: '/settings/global',
    label: 'Global Settings',
    description: 'The features each organisation uses.',
    group: 'system',
    // Feature flags are global admins' alone (system admins see System Settings only).
    permission: 'manage:tenant-features',
  },
];

const userSettingsOnlyRoles: readonly Role[] = ['team-member', 'support-worker', 'viewer'];

/** The settings groups a role sees. */
export function visibleSettingsGroups(role: Role): SettingsGroup[] {
  if (userSettingsOnlyRoles.includes(role)) return ['user'];
  return can(role, 'manage:system') ? ['user', 'organisation', 'system'] : ['user', 'organisation'];
}

/** The links a role sees; with the organisation's feature flags, none of a feature that is off. */
export function settingsLinksFor(role: Role, features?: TenantFeatures): SettingsLink[] {
  const groups = visibleSettingsGroups(role);
  return settingsLinks.filter((link) => {
    const feature = featureOfWebPath(link.to);
    return (
      groups.includes(link.group) &&
      (!link.permission || [link.permission].flat().some((permission) => can(role, permission))) &&
      (!features || feature === null || features[feature])
    );
  });
}

/** Whether `pathname` is one of the organisation's settings pages (not the user's own). */
export function isOrganisationSettingsPage(pathname: string): boolean {
  const link = settingsLinks.find((candidate) => candidate.to === pathname);
  return link !== undefined && link.group !== 'user';
}

/**
 * Whether the role may open the organisation's settings pages by their address. A family guardian (a
 * viewer: not the organisation's staff) finds them not found, as their menu does not offer them. Staff
 * whose menu leaves them out (support workers, practitioners) still reach the pages that explain
 * themselves to them (Templates to read, who sees Tax Invoice Settings).
 */
export function seesOrganisationSettings(role: Role): boolean {
  return role !== 'viewer';
}
