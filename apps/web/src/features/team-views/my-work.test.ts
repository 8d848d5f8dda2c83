import type { CardSummary } from '@wattle/domain/cards/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { describe, expect, it } from 'vitest';
import { groupMyWork, myWorkPath, myWorkTeam } from './my-work';

const team = (id: string, myRole: Team['myRole'], status: Team['status'] = 'active') => ({
  id,
  myRole,
  status,
});

const card = (id: string, teamId: string, dueDate: string | null, updatedAt = '2026-11-01T00:00:00.000Z') =>
  ({ id, teamId, dueDate, updatedAt }) as CardSummary;

describe('My Work', () => {
  it('opens the work across teams when some team is not archived and its cards are readable', () => {
    const teams = [
      team('archived', 'team-admin', 'archived'),
      team('guardian', 'viewer'),
      team('support', 'support-worker'),
      team('later', 'team-member'),
    ];
    expect(myWorkTeam(teams)?.id).toBe('support');
    expect(myWorkPath(teams)).toBe('/my-work');
  });

  it('is the inbox for a family guardian and for someone with only archived teams', () => {
    expect(myWorkPath([team('jordan', 'viewer')])).toBe('/inbox');
    expect(myWorkPath([team('old', 'team-admin', 'archived')])).toBe('/inbox');
    expect(myWorkPath([])).toBe('/inbox');
  });

  it('groups the cards of every team in the teams’ order, soonest due first and undated last', () => {
    const teams = [team('a', 'team-member'), team('b', 'support-worker'), team('c', 'team-member')];
    const groups = groupMyWork(teams, [
      card('b1', 'b', null),
      card('a1', 'a', '2026-12-05'),
      card('b2', 'b', '2026-12-01'),
      card('a2', 'a', '2026-11-30'),
      card('a3', 'a', null, '2026-11-02T00:00:00.000Z'),
      card('a4', 'a', null, '2026-11-03T00:00:00.000Z'),
      card('gone', 'not-listed', '2026-11-01'),
    ]);
    expect(groups.map((g) => [g.team.id, g.cards.map((c) => c.id)])).toEqual([
      ['a', ['a2', 'a1', 'a4', 'a3']],
      ['b', ['b2', 'b1']],
    ]);
  });
});
