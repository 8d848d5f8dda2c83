import { parse as parseCsv } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

/** A results file of the portal's largest upload (5,000 rows) is well under 2 MB; 10 MB stops a runaway. */
export const resultsUploadMaxBytes = 10 * 1024 * 1024;

/** One file part and a field or two at most: for the plugin and for each read alike. */
export const resultsUploadLimits = { fileSize: resultsUploadMaxBytes, files: 1, fields: 2, parts: 3 };

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than the 10 MB limit for a results file');

/**
 * The results file's text: the body itself when sent as text/csv, or the part named `file` of a
 * multipart upload (the browser's file picker).
 */
export async function readResultsUpload(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    if (typeof request.body !== 'string' || request.body.trim() === '') {
      throw new AppError(
        'BAD_REQUEST',
        'Send the results file as text/csv, or as multipart/form-data in a part named "file"',
      );
    }
    return request.body;
  }
  const { RequestFileTooLargeError, FilesLimitError } = request.server.multipartErrors;
  let text: string | null = null;
  try {
    for await (const part of request.parts({ limits: resultsUploadLimits })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('BAD_REQUEST', 'Send the results file in a part named "file"');
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new RequestFileTooLargeError();
      text = bytes.toString('utf8');
    }
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) throw tooLarge();
    if (error instanceof FilesLimitError)
      throw new AppError('BAD_REQUEST', 'Import one results file at a time');
    if (error instanceof AppError) throw error;
    request.log.info({ err: error }, 'unreadable claim results upload');
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Send the file as multipart/form-data.');
  }
  if (text === null || text.trim() === '') {
    throw new AppError('BAD_REQUEST', 'Choose the bulk payment request results file (CSV) to import');
  }
  return text;
}

/** The file's records, every cell a string; a file that is not CSV is 400 naming where it broke. */
export function parseResultsCsv(text: string): string[][] {
  try {
    return parseCsv(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
    }) as string[][];
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw new AppError(
      'BAD_REQUEST',
      `The results file is not a readable CSV${lines ? ` (line ${lines})` : ''}: ${(error as Error).message}`,
      { row: lines ?? null, column: null },
    );
  }
}
