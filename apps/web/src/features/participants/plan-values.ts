import {
  type Plan,
  type PlanInput,
  PlanInputSchema,
  type PlanManagementType,
  parseDollarsToCents,
  planMessages,
  type SupportCategoryNumber,
} from '@wattle/domain/participants/plans';

/**
 * The NDIS plan editor's values as typed (dates, management type, the plan manager, and a budget per
 * support category in dollars) and how they become `PlanInputSchema`'s body: dollars to cents, the
 * plan manager only when plan-managed, checked with the server's own schema and messages.
 */

export interface BudgetDraft {
  category: SupportCategoryNumber | '';
  /** Dollars as typed ('12,500' or '$80.50'). */
  amount: string;
}

export interface PlanFormValues {
  startDate: string;
  endDate: string;
  managementType: PlanManagementType;
  planManagerName: string;
  planManagerEmail: string;
  budgets: BudgetDraft[];
}

export function emptyPlanValues(): PlanFormValues {
  return {
    startDate: '',
    endDate: '',
    managementType: 'ndia',
    planManagerName: '',
    planManagerEmail: '',
    budgets: [{ category: '', amount: '' }],
  };
}

/** Cents as dollars for the amount box: 1250050 → '12500.50', 800000 → '8000'. */
export function centsToDollarText(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}

export function valuesOfPlan(plan: Plan): PlanFormValues {
  return {
    startDate: plan.startDate,
    endDate: plan.endDate,
    managementType: plan.managementType,
    planManagerName: plan.planManager?.name ?? '',
    planManagerEmail: plan.planManager?.email ?? '',
    budgets: plan.budgets.map((budget) => ({
      category: budget.category,
      amount: centsToDollarText(budget.amountCents),
    })),
  };
}

/** A problem named by the editor's input it belongs to (`budgets.1.amount`, `planManagerName`, `root`). */
export interface PlanIssue {
  path: string;
  message: string;
}

/** The editor's input for a path of `PlanInputSchema` (the schema's issues or the server's 400 details). */
export function planFormPathOf(path: readonly PropertyKey[]): string {
  const [head, second, third] = path;
  if (head === 'startDate' || head === 'endDate' || head === 'managementType') return head;
  if (head === 'planManager') return second === 'email' ? 'planManagerEmail' : 'planManagerName';
  if (head === 'budgets') {
    if (typeof second !== 'number') return 'budgets.root';
    return third === 'category' ? `budgets.${second}.category` : `budgets.${second}.amount`;
  }
  return 'root';
}

export type PlanValidation = { success: true; input: PlanInput } | { success: false; issues: PlanIssue[] };

/**
 * Checks the editor's values and builds the body of PUT /plan or POST /plans. Empty budget rows
 * (no category, no amount) are left out; a row with one but not the other is named.
 */
export function validatePlanValues(values: PlanFormValues, version?: number): PlanValidation {
  const issues: PlanIssue[] = [];
  const budgets: { category: SupportCategoryNumber; amountCents: number }[] = [];
  const seen = new Set<string>();
  values.budgets.forEach((row, index) => {
    const amountText = row.amount.trim();
    if (!row.category && !amountText) return;
    if (!row.category) {
      issues.push({ path: `budgets.${index}.category`, message: 'Choose a support category' });
      return;
    }
    if (seen.has(row.category)) {
      issues.push({ path: `budgets.${index}.category`, message: planMessages.duplicateCategory });
    }
    seen.add(row.category);
    const cents = amountText ? parseDollarsToCents(amountText) : null;
    if (cents === null) {
      issues.push({ path: `budgets.${index}.amount`, message: planMessages.amount });
      return;
    }
    budgets.push({ category: row.category, amountCents: cents });
  });
  if (!values.startDate) issues.push({ path: 'startDate', message: planMessages.startDate });
  if (!values.endDate) issues.push({ path: 'endDate', message: planMessages.endDate });

  const isPlanManaged = values.managementType === 'plan';
  const input: PlanInput = {
    ...(version ? { version } : {}),
    startDate: values.startDate,
    endDate: values.endDate,
    managementType: values.managementType,
    planManager: isPlanManaged
      ? { name: values.planManagerName.trim(), email: values.planManagerEmail.trim() }
      : null,
    budgets,
  };
  const parsed = PlanInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      issues.push({ path: planFormPathOf(issue.path), message: issue.message });
  }
  if (issues.length > 0) {
    const byPath = new Map<string, string>();
    for (const issue of issues) if (!byPath.has(issue.path)) byPath.set(issue.path, issue.message);
    return { success: false, issues: [...byPath].map(([path, message]) => ({ path, message })) };
  }
  return { success: true, input };
}
