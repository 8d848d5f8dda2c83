import { describe, expect, it } from 'vitest';
import { payerFor } from './payer';

const base = { participantName: 'Jordan Lee', guardian: null };

describe('payerFor', () => {
  it('bills the NDIA for an agency-managed plan', () => {
    expect(payerFor({ ...base, plan: { managementType: 'ndia', planManager: null } })).toEqual({
      kind: 'ndia',
      name: 'NDIA',
      email: null,
    });
  });

  it('bills the plan manager, with their e-mail, for a plan-managed plan', () => {
    const plan = { managementType: 'plan' as const, planManager: { name: 'PlanCo', email: 'pay@planco.au' } };
    expect(payerFor({ ...base, plan })).toEqual({
      kind: 'plan-manager',
      name: 'PlanCo',
      email: 'pay@planco.au',
    });
  });

  it('bills a self-managed participant, or their nominee when the guardian has an e-mail', () => {
    const plan = { managementType: 'self' as const, planManager: null };
    expect(payerFor({ ...base, plan })).toEqual({ kind: 'participant', name: 'Jordan Lee', email: null });
    const noEmail = { name: 'Sam Lee', email: null };
    expect(payerFor({ ...base, guardian: noEmail, plan }).kind).toBe('participant');
    const guardian = { name: 'Sam Lee', email: 'sam@example.com' };
    expect(payerFor({ ...base, guardian, plan })).toEqual({
      kind: 'nominee',
      name: 'Sam Lee',
      email: 'sam@example.com',
    });
  });

  it('assumes the NDIA without a current plan (its lines then carry the no-plan error)', () => {
    expect(payerFor({ ...base, plan: null }).kind).toBe('ndia');
  });
});
