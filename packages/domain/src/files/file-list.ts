import { z } from 'zod';
import { ListMetaSchema } from '../api/envelope';
import type { RequiredDocument } from '../templates/schemas';
import { CardFileSchema, documentFormats, documentRetentionDays } from './schemas';

/**
 * How long a file is kept, recorded when it is uploaded (decision 0029): a template's required
 * document keeps the template's `retention` (work section 3); any other attachment the 2555 days of
 * work section 9, after which it may be deleted without a person deciding.
 */
export interface FileRetention {
  days: number;
  autoDelete: boolean;
}

export function fileRetentionFor(document: Pick<RequiredDocument, 'retention'> | null): FileRetention {
  if (document) return { days: document.retention.keepFor, autoDelete: document.retention.autoDelete };
  return { days: documentRetentionDays, autoDelete: true };
}

const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * `GET /api/files` query: a name search (every word a part of the name), filters, and a keyset
 * cursor (`meta.nextCursor` of the page before) instead of an offset, so page 2,000 costs what page
 * one does.
 */
export const FileListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, 'Search can be at most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  category: z.string().trim().min(1).max(80).optional(),
  type: z.enum(documentFormats).optional(),
  teamId: z.uuid().optional(),
  participantId: z.string().min(1).max(80).optional(),
  uploadedBy: z.uuid().optional(),
  confidential: queryBoolean.optional(),
  scanStatus: CardFileSchema.shape.virusScanStatus.optional(),
  /** Only files whose retention has ended (kept because they do not allow auto-delete). */
  pastRetention: queryBoolean.optional(),
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type FileListQuery = z.infer<typeof FileListQuerySchema>;

/** A file as file storage lists it: the card's file, with where it belongs and how long it is kept. */
export const StoredFileSchema = CardFileSchema.extend({
  card: z.object({
    id: z.uuid(),
    workItemId: z.string(),
    title: z.string(),
    teamId: z.uuid(),
    teamName: z.string(),
  }),
  participant: z.object({ id: z.string(), name: z.string() }).nullable(),
  retention: z.object({
    days: z.number().int().min(0),
    autoDelete: z.boolean(),
    deleteAfter: z.iso.datetime({ offset: true }),
  }),
  /** Whether the caller may delete it (the uploader, or a team admin of its card's team). */
  canDelete: z.boolean(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

/** The list envelope, with the cursor of the next page (null on the last). `offset` is always 0. */
export const StoredFileListSchema = z.object({
  success: z.literal(true),
  data: z.array(StoredFileSchema),
  meta: ListMetaSchema.extend({ nextCursor: z.string().nullable() }),
});
export type StoredFileList = z.infer<typeof StoredFileListSchema>;
