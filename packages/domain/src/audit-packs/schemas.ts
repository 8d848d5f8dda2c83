import { z } from 'zod';
import { planVersionStatuses } from '../behaviour-support/workflow';

/**
 * Audit packs (issue 16 item 6): the evidence an NDIS Practice Standards auditor asks for, for one
 * period and scope, built in the background into one ZIP with `manifest.json` at its root.
 */

export const auditPackScopes = ['organisation', 'team', 'participant'] as const;
export const AuditPackScopeSchema = z.enum(auditPackScopes);
export type AuditPackScope = z.infer<typeof AuditPackScopeSchema>;
export const auditPackScopeLabels: Record<AuditPackScope, string> = {
  organisation: 'Whole organisation',
  team: 'Team',
  participant: 'Participant',
};

/** queued → building → ready | failed. A build stopped with its server goes on at the next start. */
export const auditPackStatuses = ['queued', 'building', 'ready', 'failed'] as const;
export const AuditPackStatusSchema = z.enum(auditPackStatuses);
export type AuditPackStatus = z.infer<typeof AuditPackStatusSchema>;
export const auditPackStatusLabels: Record<AuditPackStatus, string> = {
  queued: 'Queued',
  building: 'Building',
  ready: 'Ready',
  failed: 'Failed',
};

/** The longest period one pack covers: three years (an audit cycle), so one pack stays a sensible size. */
export const maxPeriodDays = 3 * 366;

export const auditPackMessages = {
  scopeIdRequired: 'Choose the team or participant the pack is for',
  scopeIdNotAllowed: 'A pack for the whole organisation names no team or participant',
  periodOrder: 'The period must end on or after the day it starts',
  periodTooLong: 'A pack covers at most three years; choose a shorter period',
  teamNotFound: 'Team not found',
  participantNotFound: 'Participant not found',
  notReady: 'This audit pack is not ready to download yet',
  fileMissing: 'The file of this audit pack is missing from storage; build the pack again',
} as const;

const IsoDate = z.iso.date({ error: 'Enter a date as yyyy-mm-dd' });

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** `POST /api/audit-packs`: what to gather. */
export const CreateAuditPackSchema = z
  .object({
    scope: AuditPackScopeSchema,
    /** The team or participant; absent (or null) for the whole organisation. */
    scopeId: z.uuid().nullish(),
    periodFrom: IsoDate,
    periodTo: IsoDate,
  })
  .superRefine((body, ctx) => {
    if (body.scope !== 'organisation' && !body.scopeId)
      ctx.addIssue({ code: 'custom', path: ['scopeId'], message: auditPackMessages.scopeIdRequired });
    if (body.scope === 'organisation' && body.scopeId)
      ctx.addIssue({ code: 'custom', path: ['scopeId'], message: auditPackMessages.scopeIdNotAllowed });
    if (body.periodTo < body.periodFrom)
      ctx.addIssue({ code: 'custom', path: ['periodTo'], message: auditPackMessages.periodOrder });
    else if (daysBetween(body.periodFrom, body.periodTo) > maxPeriodDays)
      ctx.addIssue({ code: 'custom', path: ['periodTo'], message: auditPackMessages.periodTooLong });
  });
export type CreateAuditPack = z.infer<typeof CreateAuditPackSchema>;

export const AuditPackSchema = z.object({
  id: z.uuid(),
  scope: AuditPackScopeSchema,
  scopeId: z.uuid().nullable(),
  /** The organisation's, team's or participant's name when the pack was asked for. */
  scopeName: z.string(),
  periodFrom: z.iso.date(),
  periodTo: z.iso.date(),
  status: AuditPackStatusSchema,
  /** 0–100 while building; 100 once ready. */
  progress: z.number().int().min(0).max(100),
  /** Files in the ZIP, manifest.json included (0 until ready). */
  fileCount: z.number().int().nonnegative(),
  /** The ZIP's size in bytes, once ready. */
  byteSize: z.number().int().nonnegative().nullable(),
  /** Why the build failed, in words for the person who asked. */
  error: z.string().nullable(),
  requestedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The download's file name. */
  fileName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AuditPack = z.infer<typeof AuditPackSchema>;

/** `POST /api/audit-packs` answers the new pack's id and status (202: the build goes on in the background). */
export const AuditPackStartedSchema = z.object({ id: z.uuid(), status: AuditPackStatusSchema });

export const AuditPackListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** One file of the ZIP as the manifest lists it. */
export const ManifestFileSchema = z.object({
  /** The path inside the ZIP (forward slashes). */
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  /** Lower-case hex SHA-256 of the file's bytes. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /**
   * For a behaviour support plan's PDF: the version it shows. The approved (immutable) version in
   * force during the period ('in-force'), or, none approved by the period's end, the latest version
   * then ('latest-not-approved').
   */
  planVersion: z
    .object({
      planId: z.uuid(),
      number: z.number().int().positive(),
      status: z.enum(planVersionStatuses),
      approvedAt: z.iso.datetime({ offset: true }).nullable(),
      basis: z.enum(['in-force', 'latest-not-approved']),
    })
    .optional(),
});
export type ManifestFile = z.infer<typeof ManifestFileSchema>;

/** `manifest.json` at the ZIP's root: the pack, when it was made, and every other file with its hash. */
export const AuditPackManifestSchema = z.object({
  pack: z.object({
    id: z.uuid(),
    organisation: z.string(),
    scope: AuditPackScopeSchema,
    scopeId: z.uuid().nullable(),
    scopeName: z.string(),
    periodFrom: z.iso.date(),
    periodTo: z.iso.date(),
    timeZone: z.string(),
    requestedBy: z.string().nullable(),
  }),
  generatedAt: z.iso.datetime({ offset: true }),
  files: z.array(ManifestFileSchema),
});
export type AuditPackManifest = z.infer<typeof AuditPackManifestSchema>;

/**
 * The download's name: `audit-pack-<scope name>-<from>-to-<to>.zip`, the name lower-cased with
 * anything but letters and digits as hyphens, so it is safe in a header and on every file system.
 */
export function auditPackFileName(pack: Pick<AuditPack, 'scopeName' | 'periodFrom' | 'periodTo'>): string {
  const name =
    pack.scopeName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'organisation';
  return `audit-pack-${name}-${pack.periodFrom}-to-${pack.periodTo}.zip`;
}
