import type { BoardPlace, WorkItem } from '@wattle/domain/cards/schemas';
import type { Team } from '@wattle/domain/teams/schemas';

/**
 * The fields a team view may change on a work item: the board moves cards between and within
 * columns, the calendar and roadmap move dates. Everything else is edited on the card itself.
 */
export type WorkItemChanges = Partial<
  Pick<WorkItem, 'workflowStateId' | 'boardPosition' | 'dueDate' | 'startDate'>
>;

/**
 * What the team view page hands each view (board, list, calendar, roadmap). The page owns loading,
 * error and empty states, so a view only ever sees a loaded list.
 */
export interface TeamViewProps {
  team: Team;
  /** The team's work items (or the caller's own, when `mine`), ordered by column then position. */
  items: WorkItem[];
  /** How many items the server holds; more than `items.length` when the list was capped. */
  total: number;
  /**
   * Saves a change optimistically (the cached list updates at once) and resolves once the server
   * has answered; on a conflict or failure it rolls back/refetches and shows a toast itself, so
   * callers need not catch. Saves of one card go out one at a time, each from the version the one
   * before saved, so a user's quick successive moves never conflict with each other. A board move
   * passes `boardPlace`, the neighbours it was dropped between, which is what is sent.
   */
  patchItem: (
    item: WorkItem,
    changes: WorkItemChanges,
    options?: { boardPlace?: BoardPlace },
  ) => Promise<void>;
  /** True on "My Work": only the caller's own items, across the team. */
  mine: boolean;
}
