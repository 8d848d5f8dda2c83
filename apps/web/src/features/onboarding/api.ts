import type { OnboardingInput } from '@wattle/domain/onboarding/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import { http } from '@/lib/http';

export interface OnboardingResult {
  tenant: Pick<TenantSummary, 'id' | 'name'> & Partial<TenantSummary>;
  team: Pick<Team, 'id' | 'name'> & Partial<Team>;
}

/** Creates the user's organisation (tenant) and its first team; the user becomes its owner. */
export function createOnboarding(input: OnboardingInput): Promise<OnboardingResult> {
  return http<OnboardingResult>('/api/onboarding', { method: 'POST', body: input, tenantId: null });
}
