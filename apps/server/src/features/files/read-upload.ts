import { templateUploadMaxBytes, UploadFieldsSchema, uploadMessages } from '@wattle/domain/files/schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

export interface ReadUpload {
  bytes: Buffer;
  filename: string;
  requirementId: string | undefined;
}

/**
 * Reads the multipart body of an upload: one part named `file` and the optional field
 * `requirementId` (send it before the file). The file is cut off at the larger of the two limits
 * while it streams in (a 413 without buffering more); the exact limit for this upload is checked by
 * the caller once it knows what the file is for. `maxBytesFor` words the 413 for the requirement
 * named so far.
 */
export async function readUpload(
  request: FastifyRequest,
  maxBytesFor: (requirementId: string | undefined) => number,
): Promise<ReadUpload> {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data, in a part named "file"');
  }
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  const { RequestFileTooLargeError, FilesLimitError } = request.server.multipartErrors;
  try {
    for await (const part of request.parts({
      limits: { fileSize: templateUploadMaxBytes, files: 1, fields: 4, fieldSize: 1000, parts: 5 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('BAD_REQUEST', 'Send the file in a part named "file"');
      }
      const bytes = await part.toBuffer();
      // Belt and braces: a stream cut at the limit is refused even if the error was not raised.
      if (part.file.truncated) throw new RequestFileTooLargeError();
      file = { bytes, filename: part.filename ?? '' };
    }
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) {
      throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge(maxBytesFor(fields.requirementId)));
    }
    if (error instanceof FilesLimitError) throw new AppError('BAD_REQUEST', 'Attach one file at a time');
    if (error instanceof AppError) throw error;
    // Anything else here is the body itself: no boundary, a cut-off or malformed part (busboy's
    // errors carry no status, and would otherwise read as a fault of the server).
    request.log.info({ err: error }, 'unreadable upload');
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Send the file as multipart/form-data.');
  }
  if (!file) throw new AppError('BAD_REQUEST', uploadMessages.missing);
  const parsed = UploadFieldsSchema.safeParse({ requirementId: fields.requirementId || undefined });
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'requirementId must be 1 to 80 characters', parsed.error.issues);
  }
  return { ...file, requirementId: parsed.data.requirementId };
}
