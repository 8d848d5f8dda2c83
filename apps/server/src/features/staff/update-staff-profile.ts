import { diffFields } from '@wattle/domain/audit/schemas';
import {
  type StaffProfile,
  staffMessages,
  type UpdateStaffProfileSchema,
} from '@wattle/domain/staff/schemas';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { staffProfiles } from '../../db/schema/staff';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';
import { staffNotFound } from './get-staff-profile';
import { isEligibleSupervisor } from './list-supervisors';
import { canReadStaff, canWriteStaff } from './staff-access';
import { findStaffProfile, type StaffProfileRow } from './staff-records';

type UpdateStaffProfileInput = z.output<typeof UpdateStaffProfileSchema>;

export const staffConflictMessage =
  'Someone else changed this profile since you opened it. Review their changes and try again.';

/** The fields a save writes and the audit log records, in the order the page shows them. */
const profileFields = [
  'qualifications',
  'registrations',
  'specializations',
  'supervisorId',
  'workingWithChildrenCheck',
  'workerScreening',
] as const satisfies readonly (keyof StaffProfileRow)[];
type ProfileFields = Pick<StaffProfileRow, (typeof profileFields)[number]>;

/** What a profile never saved holds: the audit entry of its first save records the change from this. */
const emptyProfile: ProfileFields = {
  qualifications: [],
  registrations: [],
  specializations: [],
  supervisorId: null,
  workingWithChildrenCheck: null,
  workerScreening: null,
};

function pickFields(from: ProfileFields): ProfileFields {
  return Object.fromEntries(profileFields.map((f) => [f, from[f]])) as ProfileFields;
}

/**
 * `PUT /api/staff/{userId}`: saves the whole profile. A person saves their own, tenant admins anyone's;
 * a team lead, who may read it, gets 403; anyone else 404. The first save sends no version (and
 * creates the profile at version 1); later ones the version they started from. A stale or missing
 * version answers 409 with the profile as it is now. The supervisor must be a member of the tenant
 * other than the person. Every change is in the audit log with old and new values.
 */
export async function updateStaffProfile(
  ctx: TenantContext,
  userId: string,
  input: UpdateStaffProfileInput,
): Promise<StaffProfile> {
  if (!canWriteStaff(ctx, userId)) {
    if (await canReadStaff(ctx, userId))
      throw forbidden('Only the person or a tenant admin can edit a profile');
    throw staffNotFound();
  }
  const before = await findStaffProfile(ctx, userId);
  if (!before) throw staffNotFound();

  const mine = and(eq(staffProfiles.tenantId, ctx.tenantId), eq(staffProfiles.userId, userId));
  const [existing] = await ctx.tx.select().from(staffProfiles).where(mine).for('update');
  const conflict = async () =>
    new AppError('CONFLICT', staffConflictMessage, { current: await findStaffProfile(ctx, userId) });
  if ((existing?.version ?? undefined) !== input.version) throw await conflict();

  if (input.supervisorId === userId) throw supervisorError(staffMessages.supervisorSelf);
  if (input.supervisorId && !(await isEligibleSupervisor(ctx, input.supervisorId))) {
    throw supervisorError(staffMessages.supervisorNotFound);
  }

  const next = pickFields(input);
  const changes = diffFields(pickFields(existing ?? emptyProfile), next);
  // Saved as it is: nothing to write, no new version, no audit entry, no event.
  if (existing && changes.length === 0) return before;

  const now = new Date();
  let version: number;
  if (existing) {
    version = existing.version + 1;
    await ctx.tx
      .update(staffProfiles)
      .set({ ...next, version, updatedAt: now })
      .where(mine);
  } else {
    const [created] = await ctx.tx
      .insert(staffProfiles)
      .values({ tenantId: ctx.tenantId, userId, ...next, version: 1, updatedAt: now })
      .onConflictDoNothing()
      .returning({ version: staffProfiles.version });
    // Someone else saved the first profile while this one was on its way: theirs stands.
    if (!created) throw await conflict();
    version = created.version;
  }
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'staff-profile',
    entityId: userId,
    action: existing ? 'updated' : 'created',
    changes,
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: existing ? 'updated' : 'created', entity: 'staff-profile', id: userId, version },
  });
  return (await findStaffProfile(ctx, userId))!;
}

function supervisorError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path: ['supervisorId'], message }]);
}
