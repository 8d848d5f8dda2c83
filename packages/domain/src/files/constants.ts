/**
 * Upload limits, formats and messages without zod, for the web's card page (see `cards/constants.ts`
 * for why). `schemas.ts` re-exports all of it.
 */

/**
 * Upload limits (spec work section 9): documents attached to a card are at most 10 MB; a template's
 * required upload (e.g. the functional behaviour assessment report) at most 20 MB. Both take pdf,
 * doc and docx, recognised by their content, never by their name.
 */
export const documentMaxBytes = 10_485_760;
export const templateUploadMaxBytes = 20_971_520;
export const documentRetentionDays = 2555;

export const documentFormats = ['pdf', 'doc', 'docx'] as const;
export type DocumentFormat = (typeof documentFormats)[number];

export const documentMimeTypes: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Refusals an upload can meet, word for word as the client shows them. */
export const uploadMessages = {
  tooLarge: (maxBytes: number) => `The file is larger than the ${Math.round(maxBytes / 1_048_576)} MB limit`,
  wrongType: 'Only PDF, DOC and DOCX files can be attached',
  empty: 'The file is empty',
  missing: 'Choose a file to attach',
  infected: (name: string, signature: string) =>
    `"${name}" contains a virus (${signature}) and was quarantined: nobody can download it`,
  pending: 'This file is still being checked for viruses; it can be downloaded once the check finishes',
  quarantined: 'This file was quarantined because a virus was found in it; it cannot be downloaded',
} as const;

/**
 * Where a file's virus scan stands: 'not-scanned' when no scanner (clamd, CLAMAV_URL) is configured;
 * 'pending' while a configured scanner has not answered yet (not downloadable); 'clean'; 'infected'
 * (quarantined: the bytes are removed and nobody can download it).
 */
export const virusScanStatuses = ['not-scanned', 'pending', 'clean', 'infected'] as const;
export type VirusScanStatus = (typeof virusScanStatuses)[number];
