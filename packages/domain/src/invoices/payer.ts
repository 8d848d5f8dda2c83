import type { Payer } from './schemas';

/** What the payer is read from: the participant, their guardian and their current plan. */
export interface PayerSource {
  participantName: string;
  guardian: { name: string | null; email: string | null } | null;
  /** The current plan's management; null when the participant has no current plan. */
  plan: {
    managementType: 'ndia' | 'plan' | 'self';
    planManager: { name: string; email: string } | null;
  } | null;
}

/**
 * Who pays an invoice (issue 15 part 1), by the participant's current plan management:
 * agency-managed → the NDIA (claimed through the bulk payment request); plan-managed → the plan
 * manager; self-managed → the participant, or their nominee when they have a guardian with an
 * e-mail address (a self-managed participant's nominee is who receives the invoice by mail).
 * Without a current plan the NDIA is assumed: such an invoice's lines carry the 'no-plan' error, so
 * it cannot be submitted until a plan says otherwise.
 */
export function payerFor(source: PayerSource): Payer {
  const { plan } = source;
  if (!plan || plan.managementType === 'ndia') return { kind: 'ndia', name: 'NDIA', email: null };
  if (plan.managementType === 'plan') {
    return {
      kind: 'plan-manager',
      name: plan.planManager?.name || 'Plan manager',
      email: plan.planManager?.email || null,
    };
  }
  const guardianEmail = source.guardian?.email?.trim();
  if (guardianEmail) {
    return { kind: 'nominee', name: source.guardian?.name?.trim() || guardianEmail, email: guardianEmail };
  }
  return { kind: 'participant', name: source.participantName, email: null };
}
