import { z } from 'zod';
import { FieldIdSchema, FieldValueSchema, formSectionIds } from '../templates/schemas';

/**
 * `POST /api/cards/{id}/ai-draft`: a draft of one form section from the participant's own records
 * (DESIGN.md section 7). Sections without an 'AI' button (participant-info, practitioner-info,
 * signatures) are refused with 400.
 */
export const AiDraftRequestSchema = z.object({ sectionId: z.enum(formSectionIds) }).strict();
export type AiDraftRequest = z.infer<typeof AiDraftRequestSchema>;

/**
 * Values for the section's empty fields (nothing is saved: the form applies them as ordinary
 * changes), and how many of the participant's records were read, for the toast 'AI Behavior Plan
 * Generated'.
 */
export const AiDraftSchema = z.object({
  fieldValues: z.record(FieldIdSchema, FieldValueSchema),
  sources: z.object({
    assessments: z.number().int().min(0),
    incidents: z.number().int().min(0),
    previousPlans: z.number().int().min(0),
  }),
});
export type AiDraft = z.infer<typeof AiDraftSchema>;
