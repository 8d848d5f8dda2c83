import { cancellationReasons } from '@wattle/domain/invoices/bulk-payment-request';
import { ClaimBatchSchema, CreateClaimSchema } from '@wattle/domain/invoices/schemas';
import { z } from 'zod';

/**
 * `POST /api/claims`: the invoices to claim and, for any short-notice cancellation (CANC) line, the
 * portal's reason code by invoice line id. Wattle does not record why a participant cancelled, so the
 * person making the claim says it; a CANC line without one is refused with that problem named.
 */
export const CreateClaimBodySchema = CreateClaimSchema.extend({
  cancellationReasons: z.record(z.uuid(), z.enum(cancellationReasons)).optional(),
});
export type CreateClaimBody = z.infer<typeof CreateClaimBodySchema>;

/** One problem that stops a batch: which invoice and line, which column of the file, and why. */
export const ClaimProblemSchema = z.object({
  invoiceNumber: z.string(),
  lineNumber: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ClaimProblem = z.infer<typeof ClaimProblemSchema>;

/** What importing a results file did. Lines whose result was already applied count as unchanged. */
export const ClaimResultsImportSchema = z.object({
  batch: ClaimBatchSchema,
  paid: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});
export type ClaimResultsImport = z.infer<typeof ClaimResultsImportSchema>;
