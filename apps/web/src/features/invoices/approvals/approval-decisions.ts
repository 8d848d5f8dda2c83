/**
 * Deciding several invoices one after another (issue 15 part 4, bulk approve and reject): each is
 * tried on its own, so one refused (changed meanwhile, above a team lead's limit) does not stop the
 * rest, and the outcome names which were done and why the others were not. Pure, unit-tested.
 */
export interface DecisionOutcome {
  done: string[];
  failed: { label: string; message: string }[];
}

export async function decideEach<T extends { id: string }>(
  items: readonly T[],
  labelOf: (item: T) => string,
  decide: (item: T) => Promise<unknown>,
): Promise<DecisionOutcome> {
  const outcome: DecisionOutcome = { done: [], failed: [] };
  for (const item of items) {
    try {
      await decide(item);
      outcome.done.push(item.id);
    } catch (error) {
      outcome.failed.push({
        label: labelOf(item),
        message: error instanceof Error ? error.message : 'It was not done',
      });
    }
  }
  return outcome;
}

/** "3 invoices approved", "1 invoice rejected". */
export function countText(count: number, verb: string): string {
  return `${count} ${count === 1 ? 'invoice' : 'invoices'} ${verb}`;
}

/** The selection kept to the invoices still listed (decided ones leave the list). */
export function keepListed(selected: ReadonlySet<string>, listedIds: readonly string[]): Set<string> {
  const listed = new Set(listedIds);
  return new Set([...selected].filter((id) => listed.has(id)));
}
