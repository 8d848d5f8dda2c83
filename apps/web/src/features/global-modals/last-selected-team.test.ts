import { describe, expect, it } from 'vitest';
import { chooseTeamForNewCard, chooseTeamForNewPlan, teamSlugInPath } from './last-selected-team';

const riverside = { id: 'a', slug: 'riverside-x1y2', status: 'active' };
const hillside = { id: 'b', slug: 'hillside-z9w8', status: 'active' };
const archived = { id: 'c', slug: 'old-team-q1q1', status: 'archived' };

describe('teamSlugInPath', () => {
  it('finds the team of a team page', () => {
    expect(teamSlugInPath('/my-teams/riverside-x1y2')).toBe('riverside-x1y2');
    expect(teamSlugInPath('/my-teams/riverside-x1y2/work-board')).toBe('riverside-x1y2');
    expect(teamSlugInPath('/my-teams/riverside-x1y2/bsp/123/edit')).toBe('riverside-x1y2');
  });

  it('finds nothing elsewhere', () => {
    expect(teamSlugInPath('/inbox')).toBeUndefined();
    expect(teamSlugInPath('/my-teams')).toBeUndefined();
    expect(teamSlugInPath('/my-teams/')).toBeUndefined();
    expect(teamSlugInPath('/teams/riverside')).toBeUndefined();
  });
});

describe('chooseTeamForNewPlan', () => {
  it('prefers the team of the current page', () => {
    expect(
      chooseTeamForNewPlan({
        pathname: '/my-teams/riverside-x1y2/list',
        lastSelected: hillside.slug,
        teams: [hillside, riverside],
      }),
    ).toBe('riverside-x1y2');
  });

  it('then the last selected team, while it still exists', () => {
    const base = { pathname: '/inbox', teams: [riverside, hillside] };
    expect(chooseTeamForNewPlan({ ...base, lastSelected: hillside.slug })).toBe(hillside.slug);
    expect(chooseTeamForNewPlan({ ...base, lastSelected: 'deleted-team' })).toBe(riverside.slug);
  });

  it('then the first active team', () => {
    expect(
      chooseTeamForNewPlan({ pathname: '/inbox', lastSelected: undefined, teams: [archived, hillside] }),
    ).toBe(hillside.slug);
  });

  it('uses the remembered team unchecked when the list could not be loaded', () => {
    expect(chooseTeamForNewPlan({ pathname: '/inbox', lastSelected: 'kept', teams: undefined })).toBe('kept');
  });

  it('finds none without any team', () => {
    expect(chooseTeamForNewPlan({ pathname: '/inbox', lastSelected: undefined, teams: [] })).toBeUndefined();
    expect(
      chooseTeamForNewPlan({ pathname: '/inbox', lastSelected: undefined, teams: undefined }),
    ).toBeUndefined();
  });
});

describe('chooseTeamForNewCard', () => {
  const writableTeams = [riverside, hillside];

  it('takes the first preferred team (by slug or id): the page, then the last selected', () => {
    expect(chooseTeamForNewCard({ preferred: ['hillside-z9w8', riverside.slug], writableTeams })).toBe('b');
    expect(chooseTeamForNewCard({ preferred: ['b', undefined], writableTeams })).toBe('b');
    expect(chooseTeamForNewCard({ preferred: [undefined, hillside.slug], writableTeams })).toBe('b');
  });

  it('else the first team', () => {
    expect(chooseTeamForNewCard({ preferred: [undefined, undefined], writableTeams })).toBe('a');
    expect(chooseTeamForNewCard({ preferred: [], writableTeams })).toBe('a');
  });

  it('passes over teams where the user cannot add cards', () => {
    expect(chooseTeamForNewCard({ preferred: ['old-team-q1q1', 'gone-team'], writableTeams })).toBe('a');
    expect(chooseTeamForNewCard({ preferred: [hillside.slug], writableTeams: [] })).toBeUndefined();
  });
});
