import { describe, expect, it } from 'vitest';
import { isTeamView, teamViewParts, teamViews } from './team-view-parts';

describe('team views', () => {
  it('knows the four views of a team and nothing else', () => {
    for (const view of ['work-board', 'list', 'calendar', 'roadmap']) expect(isTeamView(view)).toBe(true);
    for (const other of ['board', 'settings', 'Work-Board', '', undefined])
      expect(isTeamView(other)).toBe(false);
  });

  it('has a part, which the route can preload, for every view', () => {
    expect(Object.keys(teamViewParts).sort()).toEqual([...teamViews].sort());
    for (const view of teamViews) expect(typeof teamViewParts[view].preload).toBe('function');
  });
});
