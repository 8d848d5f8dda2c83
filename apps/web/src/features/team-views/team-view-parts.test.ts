import { describe, expect, it } from 'vitest';
import { isTeamView } from './team-view-parts';

describe('team views', () => {
  it('knows the four views of a team and nothing else', () => {
    for (const view of ['work-board', 'list', 'calendar', 'roadmap']) expect(isTeamView(view)).toBe(true);
    for (const other of ['board', 'settings', 'Work-Board', '', undefined])
      expect(isTeamView(other)).toBe(false);
  });
});
