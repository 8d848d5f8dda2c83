/**
 * Slots for the rows a virtualised list draws: a row keeps its slot while it stays drawn, and a row
 * coming into sight takes the slot of one that left. Keyed by slot, React gives the new row the
 * leaving row's elements and only changes their words and attributes, instead of removing one set
 * of elements and making another (issue 19 item 3: a fast scroll of 10,000 rows makes every drawn
 * row new on every frame, and making, styling and removing their elements was most of a frame).
 *
 * `previous` is the last drawn rows' slots; the answer holds the slots of `ids`, the rows drawn now.
 * Slots are small numbers, reused lowest first, so there are never more than the most rows drawn at
 * once.
 */
export function assignRowSlots(
  previous: ReadonlyMap<string, number>,
  ids: readonly string[],
): Map<string, number> {
  const next = new Map<string, number>();
  const taken = new Set<number>();
  for (const id of ids) {
    const slot = previous.get(id);
    if (slot !== undefined && !next.has(id)) {
      next.set(id, slot);
      taken.add(slot);
    }
  }
  let candidate = 0;
  for (const id of ids) {
    if (next.has(id)) continue;
    while (taken.has(candidate)) candidate += 1;
    next.set(id, candidate);
    taken.add(candidate);
  }
  return next;
}
