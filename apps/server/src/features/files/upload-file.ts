import { createHash } from 'node:crypto';
import { can } from '@wattle/domain/auth/permissions';
import { attachedMessage } from '@wattle/domain/comments/schemas';
import {
  type DocumentFormat,
  documentMaxBytes,
  documentMimeTypes,
  templateUploadMaxBytes,
  type UploadResult,
  uploadMessages,
} from '@wattle/domain/files/schemas';
import type { RequiredDocument } from '@wattle/domain/templates/schemas';
import { cardFiles } from '../../db/schema/comments';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { loadReadableCard, templateForCard } from '../cards/card-records';
import { announceCommentChange } from '../comments/comment-events';
import { auditCommentCreated, insertComment, toComment } from '../comments/comment-records';
import { publishChange } from '../events/change-feed';
import { requireRoomFor } from '../tenants/subscription-limits';
import { setCardDocument } from './card-documents';
import { detectDocumentFormat } from './detect-format';
import { displayFileName, typedFileName } from './file-name';
import { fileUrl, toCardFile } from './file-records';

/** What an upload may be, known before any byte of it is read. */
export interface UploadRules {
  /** The template's required documents (e.g. comprehensive-bsp's FBA report). */
  documents: RequiredDocument[];
}

/**
 * Step 1 of `POST /api/cards/{id}/files`, before the body is read: the caller may open the card and
 * holds write:cards on its team (support workers and up), else 404 or 403 like every card write.
 */
export async function prepareUpload(ctx: TenantContext, cardId: string): Promise<UploadRules> {
  const { card, access } = await loadReadableCard(ctx, cardId);
  if (!can(access.role, 'write:cards', access.isClinician)) throw forbidden();
  const template = await templateForCard(ctx, card);
  return { documents: template?.requiredDocuments ?? [] };
}

/** The required document a `requirementId` names; 400 when the card's template has none by that id. */
export function requiredDocument(
  rules: UploadRules,
  requirementId: string | undefined,
): RequiredDocument | null {
  if (requirementId === undefined) return null;
  const document = rules.documents.find((d) => d.id === requirementId);
  if (!document) {
    const message = `This card's template has no required document "${requirementId}"`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: ['requirementId'], message }]);
  }
  return document;
}

/** The largest file allowed: 20 MB (or the document's own smaller limit) for a required document, else 10 MB. */
export function maxUploadBytes(document: RequiredDocument | null): number {
  return document ? Math.min(document.maxSize, templateUploadMaxBytes) : documentMaxBytes;
}

export interface CheckedUpload {
  bytes: Buffer;
  format: DocumentFormat;
  /** The name it is stored and offered under, ending in its format's extension (`displayFileName`). */
  name: string;
  /** The file name the browser sent, kept for the audit trail when it differs from `name`. */
  uploadedAs: string;
  checksum: string;
  document: RequiredDocument | null;
}

/**
 * Step 2, on the bytes read: empty (400), too large for what it is (413), or not a PDF, DOC or DOCX
 * by its content (415, whatever its name says).
 */
export async function checkUpload(
  rules: UploadRules,
  upload: { bytes: Buffer; filename: string; requirementId: string | undefined },
): Promise<CheckedUpload> {
  const document = requiredDocument(rules, upload.requirementId);
  if (upload.bytes.length === 0) throw new AppError('BAD_REQUEST', uploadMessages.empty);
  const max = maxUploadBytes(document);
  if (upload.bytes.length > max) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge(max));
  const format = await detectDocumentFormat(upload.bytes);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.wrongType);
  if (document && !document.formats.includes(format)) {
    const allowed = document.formats.map((f) => f.toUpperCase()).join(', ');
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${document.name} must be one of: ${allowed}`);
  }
  return {
    bytes: upload.bytes,
    format,
    name: displayFileName(upload.filename, format),
    uploadedAs: typedFileName(upload.filename),
    checksum: createHash('sha256').update(upload.bytes).digest('hex'),
    document,
  };
}

/**
 * Step 3, after the bytes are stored under `storageKey`: the file row, the system comment
 * 'Attached {filename}' that announces it in the thread, the audit entries, and, for a template's
 * required document, the card's completed documents. The card is locked and the permission checked
 * again, since the caller's standing may have changed while the file travelled.
 */
export async function recordUpload(
  ctx: TenantContext,
  cardId: string,
  upload: CheckedUpload & { storageKey: string; virusScanStatus: 'not-scanned' | 'clean' | 'pending' },
): Promise<UploadResult> {
  const { card, access } = await loadReadableCard(ctx, cardId, { forUpdate: true });
  if (!can(access.role, 'write:cards', access.isClinician)) throw forbidden();
  await requireRoomFor(ctx.tx, ctx.tenantId, 'storage', upload.bytes.length);

  const [file] = await ctx.tx
    .insert(cardFiles)
    .values({
      tenantId: ctx.tenantId,
      cardId,
      name: upload.name,
      originalName: upload.name,
      description: upload.document?.name ?? '',
      category: upload.document ? 'required-document' : 'attachment',
      format: upload.format,
      contentType: documentMimeTypes[upload.format],
      size: upload.bytes.length,
      checksum: upload.checksum,
      storageKey: upload.storageKey,
      requirementId: upload.document?.id ?? null,
      virusScanStatus: upload.virusScanStatus,
      uploadedBy: ctx.actor.id,
    })
    .returning();
  const fileId = file!.id;
  const comment = await insertComment(ctx, card, {
    type: 'system',
    content: attachedMessage(upload.name),
    metadata: { fileId, filename: upload.name, url: fileUrl(fileId) },
  });

  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'file',
    entityId: fileId,
    action: 'uploaded',
    metadata: {
      cardId,
      workItemId: card.workItemId,
      name: upload.name,
      ...(upload.uploadedAs !== upload.name ? { uploadedAs: upload.uploadedAs } : {}),
      format: upload.format,
      size: upload.bytes.length,
      checksum: upload.checksum,
      requirementId: upload.document?.id ?? null,
      virusScanStatus: upload.virusScanStatus,
      commentId: comment.id,
    },
  });
  await auditCommentCreated(ctx, card, comment, { fileId });

  const cardVersion = upload.document
    ? await setCardDocument(ctx, card, { documentId: upload.document.id, isPresent: true, fileId })
    : card.version;
  if (cardVersion === card.version) {
    // The card's attachments changed even when its record did not: open card pages refetch.
    await publishChange(ctx.tx, {
      tenantId: ctx.tenantId,
      userId: null,
      event: { type: 'updated', entity: 'card', id: cardId, version: cardVersion },
    });
  }
  await announceCommentChange(ctx, { type: 'created', cardId, version: comment.version });
  return {
    file: toCardFile({ file: file!, uploadedByName: ctx.actor.name }),
    comment: toComment({ comment, userName: ctx.actor.name }),
  };
}
