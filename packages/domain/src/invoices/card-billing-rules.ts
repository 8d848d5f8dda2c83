import { z } from 'zod';
import { CardCategorySchema, CardTypeSchema } from '../cards/schemas';
import { SupportItemNumberSchema } from '../time/catalogue';

/**
 * Card billing rules (spec work section 3, "Card billing rule"): a done, billable card of a type and
 * category becomes one invoice line of the rule's NDIS line item, estimated hours at the base rate,
 * with GST when the rule says so (GST code P1, else P2). A tenant has at most one rule per card type
 * and category. System admins keep them on /templates-rules; the invoice builder reads them.
 */
export const CardBillingRuleSchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  cardType: CardTypeSchema,
  category: CardCategorySchema,
  /** Cents an hour. */
  baseRateCents: z.number().int().min(0),
  /** Hours billed for one card, to two decimals. */
  estimatedHours: z.number().positive(),
  ndisLineItem: z.string(),
  gstApplicable: z.boolean(),
  version: z.number().int().min(1),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CardBillingRule = z.infer<typeof CardBillingRuleSchema>;

/** The most cents an hour a rule may charge: $10,000.00, far above any NDIS price limit. */
export const maxBaseRateCents = 1_000_000;
/** The most hours one card may bill. */
export const maxEstimatedHours = 1000;

const ruleFields = {
  baseRateCents: z
    .number({ error: 'Base rate must be a number of cents' })
    .int('Base rate must be whole cents')
    .min(0, 'Base rate cannot be negative')
    .max(maxBaseRateCents, 'Base rate can be at most $10,000.00 an hour'),
  estimatedHours: z
    .number({ error: 'Estimated hours must be a number' })
    .gt(0, 'Estimated hours must be more than 0')
    .max(maxEstimatedHours, `Estimated hours can be at most ${maxEstimatedHours}`)
    .refine(
      (h) => Math.abs(Math.round(h * 100) - h * 100) < 1e-6,
      'Estimated hours can have at most 2 decimals',
    ),
  ndisLineItem: SupportItemNumberSchema,
  gstApplicable: z.boolean(),
};

/** `POST /api/platform/tenants/{tenantId}/card-billing-rules`. */
export const CreateCardBillingRuleSchema = z.object({
  cardType: CardTypeSchema,
  category: CardCategorySchema,
  ...ruleFields,
  gstApplicable: ruleFields.gstApplicable.default(false),
});
export type CreateCardBillingRuleInput = z.infer<typeof CreateCardBillingRuleSchema>;

/** `PATCH …/card-billing-rules/{id}`: the changed fields and the version the edit started from. */
export const UpdateCardBillingRuleSchema = z
  .object({
    version: z.number().int().min(1),
    cardType: CardTypeSchema.optional(),
    category: CardCategorySchema.optional(),
    baseRateCents: ruleFields.baseRateCents.optional(),
    estimatedHours: ruleFields.estimatedHours.optional(),
    ndisLineItem: ruleFields.ndisLineItem.optional(),
    gstApplicable: z.boolean().optional(),
  })
  .strict();
export type UpdateCardBillingRuleInput = z.infer<typeof UpdateCardBillingRuleSchema>;
