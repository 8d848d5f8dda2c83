import type { BoardPlace, Card, WorkItem } from '@wattle/domain/cards/schemas';
import type { WorkItemChanges } from './team-view-types';

/**
 * The team views' saves of one card, one at a time (free of React, so it is tested directly).
 *
 * A card moved twice before the first answer came back would otherwise send both PATCHes with the
 * version the card was shown at, and the server would refuse the second as stale: the user's own
 * first move "conflicts" with it. Here each card has a lane: its saves go out in order, the first
 * with the version the user saw, each later one with the version the previous answer gave. So a
 * user's own moves never conflict with each other, while a change by someone else in between still
 * does (the server sees a field written after the version sent), and everything still queued for
 * that card is dropped, since it was planned on a board that no longer holds.
 *
 * A board move is sent by its neighbours (`boardPlace`), worked out when the user made it against
 * what they saw then (their earlier moves included): the server places the card between those
 * neighbours as they stand when the save arrives.
 */

export interface WorkItemSave {
  /** What the views show at once (and what a failed save puts back). */
  changes: WorkItemChanges;
  /** A board move's neighbours; sent instead of `changes.boardPosition`. */
  boardPlace?: BoardPlace;
}

export interface PatchQueueHandlers {
  /** PATCH /api/cards/{id}; rejects with the API's error. */
  send(cardId: string, body: Record<string, unknown>): Promise<Card>;
  /**
   * A save was accepted: the card as saved, and the changes of this card's saves still queued
   * (their guesses stay on screen on top of it), and the save itself.
   */
  saved(card: Card, still: readonly WorkItemChanges[], save: WorkItemSave): void;
  /**
   * A save failed (`error`): it and `dropped` (the card's saves queued behind it, not sent) are
   * abandoned. `confirmed` is the card as last saved (or as first shown), to put back on screen.
   */
  failed(error: unknown, confirmed: WorkItem, abandoned: readonly WorkItemChanges[]): void;
}

interface Lane {
  /** The version the next save is sent with. */
  version: number;
  /** The card as the server last answered it (the item as shown, before the first answer). */
  confirmed: WorkItem;
  queue: { save: WorkItemSave; settle: () => void }[];
}

/** The PATCH body of one save, without its version. */
export function patchBody(save: WorkItemSave): Record<string, unknown> {
  if (!save.boardPlace) return { ...save.changes };
  const { boardPosition: _guess, ...rest } = save.changes;
  return { ...rest, boardPlace: save.boardPlace };
}

/** The saved card as a work item: the same fields, its compliance flattened as the list has it. */
export function workItemFromCard(card: Card, previous: WorkItem): WorkItem {
  return {
    ...previous,
    workflowStateId: card.workflowStateId,
    boardPosition: card.boardPosition,
    startDate: card.startDate,
    dueDate: card.dueDate,
    status: card.status,
    state: card.state,
    title: card.title,
    priority: card.priority,
    assigneeId: card.assigneeId,
    version: card.version,
    updatedAt: card.updatedAt,
    isCompliant: card.compliance.isCompliant,
    completion: card.compliance.completion,
  };
}

export class WorkItemPatchQueue {
  readonly #lanes = new Map<string, Lane>();

  constructor(private readonly handlers: PatchQueueHandlers) {}

  /** Whether saves of this card are waiting or under way. */
  isBusy(cardId: string): boolean {
    return this.#lanes.has(cardId);
  }

  /**
   * Queues a save of `item` (as the view showed it when the user acted). Resolves once this save
   * has been answered, refused or abandoned; never rejects (the handlers report failures).
   */
  enqueue(item: WorkItem, save: WorkItemSave): Promise<void> {
    let lane = this.#lanes.get(item.id);
    const isIdle = !lane;
    if (!lane) {
      lane = { version: item.version, confirmed: item, queue: [] };
      this.#lanes.set(item.id, lane);
    }
    const done = new Promise<void>((resolve) => {
      lane.queue.push({ save, settle: resolve });
    });
    if (isIdle) void this.#run(item.id, lane);
    return done;
  }

  async #run(cardId: string, lane: Lane): Promise<void> {
    while (lane.queue.length > 0) {
      const next = lane.queue[0]!;
      try {
        const card = await this.handlers.send(cardId, { version: lane.version, ...patchBody(next.save) });
        lane.version = card.version;
        lane.confirmed = workItemFromCard(card, lane.confirmed);
        lane.queue.shift();
        this.handlers.saved(
          card,
          lane.queue.map((queued) => queued.save.changes),
          next.save,
        );
        next.settle();
      } catch (error) {
        const abandoned = lane.queue.splice(0);
        this.#lanes.delete(cardId);
        this.handlers.failed(
          error,
          lane.confirmed,
          abandoned.map((queued) => queued.save.changes),
        );
        for (const queued of abandoned) queued.settle();
        return;
      }
    }
    this.#lanes.delete(cardId);
  }
}
