import type { Team } from '@wattle/domain/teams/schemas';
import { describe, expect, it } from 'vitest';
import { sharedPlanTeams } from './shared-plan-teams';

const team = (id: string, myRole: Team['myRole'], status: Team['status'] = 'active') => ({
  id,
  myRole,
  status,
});

describe('sharedPlanTeams', () => {
  it('keeps the active teams where the caller reads only plans shared with family', () => {
    const teams = [
      team('guardian', 'viewer'),
      team('old', 'viewer', 'archived'),
      team('staff', 'support-worker'),
      team('lead', 'team-admin'),
      team('auditor', 'auditor'),
    ];
    expect(sharedPlanTeams(teams).map((t) => t.id)).toEqual(['guardian']);
  });
});
