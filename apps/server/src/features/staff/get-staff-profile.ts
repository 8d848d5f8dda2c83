import type { StaffProfile } from '@wattle/domain/staff/schemas';
import { notFound } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { canReadStaff } from './staff-access';
import { findStaffProfile } from './staff-records';

export const staffNotFound = () => notFound('Staff member');

/**
 * `GET /api/staff/{userId}`: one member's profile (version 0 until first saved). Someone the caller
 * may not read answers 404, exactly like someone who is not a member.
 */
export async function getStaffProfile(ctx: TenantContext, userId: string): Promise<StaffProfile> {
  if (!(await canReadStaff(ctx, userId))) throw staffNotFound();
  const profile = await findStaffProfile(ctx, userId);
  if (!profile) throw staffNotFound();
  return profile;
}
