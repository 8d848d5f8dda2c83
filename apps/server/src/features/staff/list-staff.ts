import type { StaffListQuery, StaffProfile } from '@wattle/domain/staff/schemas';
import type { TenantContext } from '../../http/tenant-scope';
import { readableStaff } from './staff-access';
import { findStaffProfiles } from './staff-records';

/**
 * `GET /api/staff`: tenant admins and auditors read every member's profile; team leads the people on
 * their teams (and their own); everyone else their own.
 */
export async function listStaff(
  ctx: TenantContext,
  query: StaffListQuery,
): Promise<{ data: StaffProfile[]; total: number }> {
  const readable = await readableStaff(ctx);
  return findStaffProfiles(ctx, {
    userIds: readable === 'all' ? undefined : [...readable],
    limit: query.limit,
    offset: query.offset,
  });
}
