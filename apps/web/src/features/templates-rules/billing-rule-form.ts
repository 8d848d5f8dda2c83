import {
  type CardBillingRule,
  type CreateCardBillingRuleInput,
  CreateCardBillingRuleSchema,
} from '@wattle/domain/invoices/card-billing-rules';

/** The billing rule form's values as typed: the rate in dollars, hours as text. */
export interface BillingRuleDraft {
  cardType: CreateCardBillingRuleInput['cardType'];
  category: CreateCardBillingRuleInput['category'];
  baseRate: string;
  estimatedHours: string;
  ndisLineItem: string;
  gstApplicable: boolean;
}

export function emptyBillingRuleDraft(): BillingRuleDraft {
  return {
    cardType: 'task',
    category: 'review',
    baseRate: '',
    estimatedHours: '1',
    ndisLineItem: '',
    gstApplicable: false,
  };
}

export function ruleToDraft(rule: CardBillingRule): BillingRuleDraft {
  return {
    cardType: rule.cardType,
    category: rule.category,
    baseRate: (rule.baseRateCents / 100).toFixed(2),
    estimatedHours: String(rule.estimatedHours),
    ndisLineItem: rule.ndisLineItem,
    gstApplicable: rule.gstApplicable,
  };
}

export type BillingRuleField = 'cardType' | 'category' | 'baseRate' | 'estimatedHours' | 'ndisLineItem';

const dollarsPattern = /^\$?\s*(\d{1,5})(?:\.(\d{1,2}))?$/;
const hoursPattern = /^\d+(?:\.\d+)?$/;

/**
 * The rule the form describes, checked with the server's schema; or each problem named by its input.
 * "$193.55" and "193.55" are 19,355 cents; a rate is dollars and at most two decimals of cents.
 */
export function parseBillingRuleDraft(
  draft: BillingRuleDraft,
):
  | { success: true; input: CreateCardBillingRuleInput }
  | { success: false; errors: Partial<Record<BillingRuleField, string>> } {
  const errors: Partial<Record<BillingRuleField, string>> = {};
  const rate = dollarsPattern.exec(draft.baseRate.trim());
  if (!rate) errors.baseRate = 'Base rate must be dollars and cents, like 193.55';
  const hoursText = draft.estimatedHours.trim();
  if (!hoursPattern.test(hoursText)) errors.estimatedHours = 'Estimated hours must be a number, like 1.5';
  const candidate = {
    cardType: draft.cardType,
    category: draft.category,
    baseRateCents: rate ? Number(rate[1]) * 100 + Number((rate[2] ?? '').padEnd(2, '0') || 0) : 0,
    estimatedHours: hoursPattern.test(hoursText) ? Number(hoursText) : 1,
    ndisLineItem: draft.ndisLineItem.trim(),
    gstApplicable: draft.gstApplicable,
  };
  const parsed = CreateCardBillingRuleSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field: BillingRuleField | null =
        key === 'baseRateCents'
          ? 'baseRate'
          : key === 'estimatedHours' || key === 'ndisLineItem' || key === 'cardType' || key === 'category'
            ? key
            : null;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { success: false, errors };
  return { success: true, input: parsed.data };
}

/** $193.55 */
export function rateLabel(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
