import { z } from 'zod';

export const accessRequestStatuses = ['pending', 'approved', 'rejected', 'revoked'] as const;
export const AccessRequestStatusSchema = z.enum(accessRequestStatuses);

/** How long approved access may last: a working day by default, a week at most. */
export const defaultAccessHours = 8;
export const maxAccessHours = 168;

/** A system admin's request to see another tenant's data (the spec's tenantAccessRequest). */
export const TenantAccessRequestSchema = z.object({
  requestId: z.uuid(),
  tenantId: z.uuid(),
  tenantName: z.string(),
  requestedBy: z.uuid(),
  requestedByName: z.string(),
  requestedByEmail: z.string(),
  reason: z.string(),
  durationHours: z.number().int(),
  status: AccessRequestStatusSchema,
  decidedBy: z.uuid().nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  version: z.number().int(),
});
export type TenantAccessRequest = z.infer<typeof TenantAccessRequestSchema>;

export const CreateAccessRequestSchema = z.object({
  tenantId: z.uuid(),
  reason: z.string().trim().min(10, 'Give a reason of at least 10 characters').max(1000),
  durationHours: z.number().int().min(1).max(maxAccessHours).default(defaultAccessHours),
});

export const DecideAccessRequestSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  version: z.number().int(),
});
