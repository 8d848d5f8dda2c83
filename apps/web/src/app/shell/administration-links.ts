import type { Permission } from '@wattle/domain/auth/permissions';
import { featureOfWebPath } from '@wattle/domain/tenants/features';
import type { TenantFeatures } from '@wattle/domain/tenants/schemas';

/**
 * The sidebar's Administration group (spec shell section 2): Financial Management, Time Tracking,
 * File Storage, and Templates & Rules for system admins. The spec names no roles for the first three,
 * but DESIGN.md section 5 has the web hide what the server would refuse, so each link carries the
 * permission its page's reads need (from the one permission table), and shows only to those who hold
 * it on some team or tenant-wide:
 * - /invoices: `read:invoices` (owners, admins, auditors). The page shows invoices only then and
 *   otherwise says the role does not show them; team leads approve theirs under /approvals/invoices.
 * - /timesheet: `write:time` or `approve:time`, as `GET /api/time-entries` (requireTimeReader) and
 *   the page ask; family guardians and auditors record no time.
 * - /admin/files: `read:cards` or `read:shared-plans`, as `GET /api/files` lists the files of the
 *   cards one may open (decision 0029): every member, so the link is everyone's.
 * Templates & Rules is registered for system admins alone (spec shell section 2), whatever their role.
 */
export interface AdministrationLink {
  to: string;
  label: string;
  /** Its icon's name in nav-icons.ts. */
  iconName: string;
  /** Shown only to those who hold one of these permissions somewhere in the organisation. */
  permission?: readonly Permission[];
  /** Registered for system admins only: the route is not found for anyone else (its beforeLoad). */
  isSystemAdminOnly?: true;
}

export const administrationLinks: readonly AdministrationLink[] = [
  { to: '/invoices', label: 'Financial Management', iconName: 'invoices', permission: ['read:invoices'] },
  {
    to: '/timesheet',
    label: 'Time Tracking',
    iconName: 'timesheet',
    permission: ['write:time', 'approve:time'],
  },
  {
    to: '/admin/files',
    label: 'File Storage',
    iconName: 'files',
    permission: ['read:cards', 'read:shared-plans'],
  },
  { to: '/templates-rules', label: 'Templates & Rules', iconName: 'templates', isSystemAdminOnly: true },
];

export interface AdministrationViewer {
  /** Whether the person holds `permission` on any of their teams or tenant-wide. */
  holds: (permission: Permission) => boolean;
  isSystemAdmin: boolean;
  /** The organisation's feature flags: a feature that is off hides its link (the server refuses it). */
  features: TenantFeatures;
}

/** The Administration links this person may open; an empty list leaves the group out. */
export function administrationLinksFor({
  holds,
  isSystemAdmin,
  features,
}: AdministrationViewer): AdministrationLink[] {
  return administrationLinks.filter((link) => {
    const feature = featureOfWebPath(link.to);
    return (
      (!link.isSystemAdminOnly || isSystemAdmin) &&
      (!link.permission || link.permission.some(holds)) &&
      (feature === null || features[feature])
    );
  });
}
