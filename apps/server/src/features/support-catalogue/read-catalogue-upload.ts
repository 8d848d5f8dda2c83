import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

/** The NDIA's catalogue is well under 2 MB as XLSX or CSV; 20 MB leaves room and stops a runaway upload. */
const catalogueUploadMaxBytes = 20 * 1024 * 1024;

/** One file part and a couple of fields at most: for the plugin and for each read alike. */
export const catalogueUploadLimits = { fileSize: catalogueUploadMaxBytes, files: 1, fields: 2, parts: 3 };

export interface CatalogueUpload {
  bytes: Buffer;
  fileName: string;
}

/** Reads the one part named `file` of a multipart upload (the catalogue, CSV or XLSX). */
export async function readCatalogueUpload(request: FastifyRequest): Promise<CatalogueUpload> {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', 'Send the catalogue as multipart/form-data, in a part named "file"');
  }
  const { RequestFileTooLargeError, FilesLimitError } = request.server.multipartErrors;
  let upload: CatalogueUpload | null = null;
  try {
    for await (const part of request.parts({ limits: catalogueUploadLimits })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('BAD_REQUEST', 'Send the catalogue in a part named "file"');
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new RequestFileTooLargeError();
      upload = { bytes, fileName: (part.filename ?? '').trim().slice(0, 255) || 'catalogue' };
    }
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than the 20 MB limit for a catalogue');
    }
    if (error instanceof FilesLimitError)
      throw new AppError('BAD_REQUEST', 'Import one catalogue file at a time');
    if (error instanceof AppError) throw error;
    request.log.info({ err: error }, 'unreadable catalogue upload');
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Send the file as multipart/form-data.');
  }
  if (!upload || upload.bytes.length === 0) {
    throw new AppError('BAD_REQUEST', 'Choose the NDIS Support Catalogue file (CSV or XLSX) to import');
  }
  return upload;
}
