import { z } from 'zod';

/** The closed list of error codes an API client can rely on, and the HTTP status each maps to. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  CSRF_FAILED: 403,
  FORBIDDEN: 403,
  VERIFICATION_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A save or export the compliance rules refuse (a critical issue; export with high issues). */
  COMPLIANCE_REQUIRED: 422,
  /** A workflow move the table of spec work section 4 does not allow, or an edit of a locked card. */
  WORKFLOW_REFUSED: 422,
  /** A time entry that overlaps another of the same person's; the message names the other entry. */
  OVERLAP: 409,
  /** A time entry the NDIS pricing rules refuse (inactive code, rate over the limit, item not in force…). */
  PRICING_REFUSED: 422,
  /** Stop & Save of a timer that ran more than 12 hours, without isLongTimerConfirmed. */
  LONG_TIMER: 422,
  /** Stop & Save of a timer with no time code chosen, and no default the tenant's codes give. */
  TIME_CODE_REQUIRED: 422,
  /** A team, person or file the organisation's subscription has no room for; the message names the limit. */
  LIMIT_REACHED: 403,
  /** A route of a feature turned off for the organisation; the message names it and how to turn it on. */
  FEATURE_OFF: 403,
  /** An upload the virus scanner (clamd) found infected: quarantined, never downloadable. */
  FILE_INFECTED: 422,
  /** A download of a file whose virus scan has not finished (clamd was unreachable when it came). */
  SCAN_PENDING: 423,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const ErrorCodeSchema = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]);

export const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
