import { describe, expect, it } from 'vitest';
import {
  can,
  canBeAssignedCards,
  clinicianPermissions,
  type Permission,
  permissions,
  rolePermissions,
} from './permissions';
import { type Role, roles } from './roles';

describe('the permission table', () => {
  it('names only known permissions for every role', () => {
    for (const role of roles) {
      for (const p of rolePermissions[role]) expect(permissions, `${role}: ${p}`).toContain(p);
    }
  });

  it('gives a global admin every permission', () => {
    for (const p of permissions) expect(can('global-admin', p), p).toBe(true);
  });

  it('gives no permission at all without a role', () => {
    for (const p of permissions) {
      expect(can(null, p), p).toBe(false);
      expect(can(undefined, p), p).toBe(false);
      expect(can(null, p, true), `clinician without role: ${p}`).toBe(false);
    }
  });

  it('keeps system administration to platform roles', () => {
    for (const role of roles) {
      const platform = role === 'global-admin' || role === 'system-admin';
      expect(can(role, 'manage:templates'), role).toBe(platform);
      expect(can(role, 'manage:system'), role).toBe(platform);
      expect(can(role, 'request:tenant-access'), role).toBe(platform);
    }
  });

  it('lets tenant admins run the tenant and decide access requests, but not request access', () => {
    for (const p of [
      'manage:tenant',
      'manage:members',
      'create:teams',
      'approve:time',
      'manage:invoices',
      'manage:rates',
      'read:audit',
      'decide:tenant-access',
      'read:all-participants',
    ] as const) {
      expect(can('tenant-admin', p), p).toBe(true);
    }
    expect(can('tenant-admin', 'request:tenant-access')).toBe(false);
  });

  it('lets nobody below tenant admin change the tenant, create teams or decide access requests', () => {
    for (const role of ['team-admin', 'team-member', 'support-worker', 'viewer', 'auditor'] as const) {
      expect(can(role, 'manage:tenant'), role).toBe(false);
      expect(can(role, 'create:teams'), role).toBe(false);
      expect(can(role, 'decide:tenant-access'), role).toBe(false);
      expect(can(role, 'manage:members'), role).toBe(false);
    }
  });

  it('gives a team lead their team: workflow, deletions and time approval', () => {
    for (const p of [
      'manage:team',
      'manage:workflow',
      'delete:cards',
      'approve:time',
      'write:cards',
    ] as const) {
      expect(can('team-admin', p), p).toBe(true);
    }
    expect(can('team-admin', 'approve:plans')).toBe(false);
    expect(can('team-admin', 'manage:invoices')).toBe(false);
  });

  it('lets a support worker work cards and time but approve nothing', () => {
    expect(can('support-worker', 'write:cards')).toBe(true);
    expect(can('support-worker', 'write:time')).toBe(true);
    expect(can('support-worker', 'approve:time')).toBe(false);
    expect(can('support-worker', 'approve:plans')).toBe(false);
    expect(can('support-worker', 'delete:cards')).toBe(false);
    expect(can('support-worker', 'read:shared-plans')).toBe(false);
  });

  it('keeps a viewer (family guardian) to shared plans and comments, out of cards and internal comments', () => {
    expect(can('viewer', 'read:shared-plans')).toBe(true);
    expect(can('viewer', 'write:comments')).toBe(true);
    expect(can('viewer', 'read:cards')).toBe(false);
    expect(can('viewer', 'read:internal-comments')).toBe(false);
    expect(can('viewer', 'write:cards')).toBe(false);
    expect(can('viewer', 'write:time')).toBe(false);
  });

  it('lets an auditor read everything of the tenant and write nothing', () => {
    const writes: Permission[] = permissions.filter((p) => !p.startsWith('read:'));
    for (const p of writes) expect(can('auditor', p), p).toBe(false);
    for (const p of [
      'read:cards',
      'read:audit',
      'read:audit-packs',
      'read:invoices',
      'read:all-participants',
    ] as const) {
      expect(can('auditor', p), p).toBe(true);
    }
  });

  it('gives clinicians sign:documents and approve:plans on top of their role, and nothing else', () => {
    expect(clinicianPermissions).toEqual(['sign:documents', 'approve:plans']);
    expect(can('team-member', 'sign:documents')).toBe(false);
    expect(can('team-member', 'approve:plans')).toBe(false);
    expect(can('team-member', 'sign:documents', true)).toBe(true);
    expect(can('team-member', 'approve:plans', true)).toBe(true);
    expect(can('team-member', 'approve:time', true)).toBe(false);
    expect(can('team-member', 'delete:cards', true)).toBe(false);
  });

  it('only widens permissions up the hierarchy (tenant admin ⊇ team lead ⊇ team member)', () => {
    const includes = (upper: Role, lower: Role) =>
      rolePermissions[lower].every((p) => (rolePermissions[upper] as readonly Permission[]).includes(p));
    expect(includes('system-admin', 'tenant-admin')).toBe(true);
    expect(includes('tenant-admin', 'team-admin')).toBe(true);
    expect(includes('team-admin', 'team-member')).toBe(true);
    expect(includes('team-member', 'support-worker')).toBe(true);
  });
});

describe("who may be assigned a team's cards", () => {
  it('every team role that reads the cards, not a family guardian', () => {
    for (const role of ['Team Lead', 'Practitioner', 'Therapist', 'Support Worker'] as const) {
      expect(canBeAssignedCards(role), role).toBe(true);
    }
    expect(canBeAssignedCards('Family Guardian')).toBe(false);
  });
});
