import type { Team } from '@wattle/domain/teams/schemas';
import { describe, expect, it } from 'vitest';
import { myWorkPath, myWorkTeam } from './my-work';

const team = (id: string, myRole: Team['myRole'], status: Team['status'] = 'active') => ({
  id,
  myRole,
  status,
});

describe('the team My Work opens', () => {
  it('is the first team that is not archived and whose cards the caller may read', () => {
    const teams = [
      team('archived', 'team-admin', 'archived'),
      team('guardian', 'viewer'),
      team('support', 'support-worker'),
      team('later', 'team-member'),
    ];
    expect(myWorkTeam(teams)?.id).toBe('support');
    expect(myWorkPath(teams)).toBe('/my-teams/support/list');
  });

  it('is none, so the inbox, for a family guardian and for someone with only archived teams', () => {
    expect(myWorkPath([team('jordan', 'viewer')])).toBe('/inbox');
    expect(myWorkPath([team('old', 'team-admin', 'archived')])).toBe('/inbox');
    expect(myWorkPath([])).toBe('/inbox');
  });
});
