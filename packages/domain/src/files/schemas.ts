import { z } from 'zod';
import { CommentSchema } from '../comments/schemas';
import { documentFormats, virusScanStatuses } from './constants';

export {
  type DocumentFormat,
  documentFormats,
  documentMaxBytes,
  documentMimeTypes,
  documentRetentionDays,
  templateUploadMaxBytes,
  uploadMessages,
  type VirusScanStatus,
  virusScanStatuses,
} from './constants';

/** A file attached to a card (spec work section 3, Document). */
export const CardFileSchema = z.object({
  id: z.uuid(),
  cardId: z.uuid(),
  name: z.string(),
  originalName: z.string(),
  description: z.string(),
  category: z.string(),
  /** The format found in the content. */
  type: z.enum(documentFormats),
  contentType: z.string(),
  size: z.number().int().min(0),
  /** `GET /api/files/{id}`: downloads it, for users who may read the card. */
  url: z.string(),
  isConfidential: z.boolean(),
  uploadedBy: z.uuid().nullable(),
  uploadedByName: z.string().nullable(),
  uploadedAt: z.iso.datetime({ offset: true }),
  /** See `virusScanStatuses`: without a scanner every file says 'not-scanned' rather than claiming to be clean. */
  virusScanStatus: z.enum(virusScanStatuses),
  downloadCount: z.number().int().min(0),
  /** The template's required document this file fulfils, if any. */
  requirementId: z.string().nullable(),
  metadata: z.object({ checksum: z.string(), lastAccessed: z.iso.datetime({ offset: true }).nullable() }),
});
export type CardFile = z.infer<typeof CardFileSchema>;

/**
 * `POST /api/cards/{id}/files` is multipart: one `file` part, and optional fields `requirementId`
 * (a required document of the card's template) and `parentCommentId` unused. The answer is the file
 * and the system comment that announces it.
 */
export const UploadFieldsSchema = z.object({
  requirementId: z.string().min(1).max(80).optional(),
});

/** The answer of an upload: the stored file and the system comment 'Attached {filename}' announcing it. */
export const UploadResultSchema = z.object({ file: CardFileSchema, comment: CommentSchema });
export type UploadResult = z.infer<typeof UploadResultSchema>;
