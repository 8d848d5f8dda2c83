import { z } from 'zod';

export const FieldChangeSchema = z.object({
  field: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  timestamp: z.iso.datetime({ offset: true }),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  changes: z.array(FieldChangeSchema),
  metadata: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Field-by-field difference of two flat records, for the audit log. Keys absent from `next` are skipped. */
export function diffFields(prev: Record<string, unknown>, next: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, newValue] of Object.entries(next)) {
    if (newValue === undefined) continue;
    const oldValue = prev[field];
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) {
      changes.push({ field, oldValue: oldValue ?? null, newValue });
    }
  }
  return changes;
}
