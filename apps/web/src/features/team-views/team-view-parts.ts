import { type LazyPart, lazyPart } from '@/ui/lazy-part';
import type { TeamViewProps } from './team-view-types';

/** The views of a team (spec shell section 2): work-board, list, calendar and roadmap. */
export const teamViews = ['work-board', 'list', 'calendar', 'roadmap'] as const;
export type TeamView = (typeof teamViews)[number];

export function isTeamView(value: string | undefined): value is TeamView {
  return (teamViews as readonly string[]).includes(value ?? '');
}

/**
 * Each view is its own chunk: the board's drag-and-drop code loads only with the board. The team
 * view route's loader preloads the opened view's part, so the page draws the view with its first
 * drawing instead of 'Loading...' first (issue 19); the page draws the same parts.
 */
export const teamViewParts: Record<TeamView, LazyPart<TeamViewProps>> = {
  'work-board': lazyPart(() => import('./board-view'), 'BoardView'),
  list: lazyPart(() => import('./list-view'), 'ListView'),
  calendar: lazyPart(() => import('./calendar-view'), 'CalendarView'),
  roadmap: lazyPart(() => import('./roadmap-view'), 'RoadmapView'),
};
