/**
 * Placing cards in a board column. A card's `boardPosition` is a number; a column lists its cards
 * by position. A moved card takes a position between its new neighbours, so one move writes one
 * card, never the whole column. Plain functions, free of zod: the board uses them.
 */
export const positionGap = 1024;

/** A position between two neighbours (either may be missing: the start or end of the column). */
export function positionBetween(before: number | null, after: number | null): number {
  if (before === null && after === null) return positionGap;
  if (before === null) return (after as number) - positionGap;
  if (after === null) return before + positionGap;
  return (before + after) / 2;
}

/**
 * The narrowest gap a move may leave beside a card before its column is spread out again, every card
 * `positionGap` apart in the order it has. Halving a gap of 1024 reaches this after 20 moves into the
 * same place, far before a double can no longer tell the halves apart (about 50), so the order is
 * still exact when it is renumbered.
 */
export const crowdedGap = positionGap / 2 ** 20;

/** Whether a card at `position` sits too close to a neighbour (missing at a column's ends). */
export function isCrowded(before: number | null, position: number, after: number | null): boolean {
  return (
    (before !== null && position - before < crowdedGap) || (after !== null && after - position < crowdedGap)
  );
}

/**
 * The position for a card moved to `index` in a column whose other cards (the moved card left
 * out) have `positions`, in order.
 */
export function positionAt(positions: readonly number[], index: number): number {
  const i = Math.max(0, Math.min(index, positions.length));
  return positionBetween(i > 0 ? (positions[i - 1] ?? null) : null, positions[i] ?? null);
}

/** Orders cards as a column shows them: by position, then by work item number for equal ones. */
export function byBoardPosition<T extends { boardPosition: number; workItemId: string }>(a: T, b: T): number {
  return a.boardPosition - b.boardPosition || a.workItemId.localeCompare(b.workItemId);
}
