import type { Card, WorkItem } from '@wattle/domain/cards/schemas';
import { describe, expect, it } from 'vitest';
import { testWorkItem } from './calendar-test-items';
import type { WorkItemChanges } from './team-view-types';
import { patchBody, WorkItemPatchQueue, type WorkItemSave } from './work-item-patch-queue';

const id = '00000000-0000-7000-8000-000000000001';
const other = '00000000-0000-7000-8000-000000000002';

/** The one card of these tests: the team views' test item, under a fixed id. */
function workItem(overrides: Partial<WorkItem> = {}): WorkItem {
  return testWorkItem({ workItemId: 'SUN-00001', id, ...overrides });
}

/**
 * A fake server holding one card: a PATCH from a version older than the last write of a field it
 * changes is refused with a conflict, as the real one does. Answers wait until `answer()` is called.
 */
function fakeServer(start: { version: number; boardPosition: number; workflowStateId: string }) {
  const card = {
    ...start,
    written: { boardPosition: 0, workflowStateId: 0, dueDate: 0 } as Record<string, number>,
  };
  const sent: Record<string, unknown>[] = [];
  const waiting: (() => void)[] = [];
  const conflict = Object.assign(new Error('stale'), { code: 'CONFLICT' });
  return {
    sent,
    /** Someone else writes a field of the card now. */
    otherWrites(field: string) {
      card.version += 1;
      card.written[field] = card.version;
    },
    async answer() {
      while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      waiting.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    send(_cardId: string, body: Record<string, unknown>): Promise<Card> {
      sent.push(body);
      return new Promise((resolve, reject) => {
        waiting.push(() => {
          const version = body.version as number;
          const fields = Object.keys(body).filter((key) => key !== 'version');
          const keys = fields.map((key) => (key === 'boardPlace' ? 'boardPosition' : key));
          if (keys.some((key) => (card.written[key] ?? 0) > version)) {
            reject(conflict);
            return;
          }
          card.version += 1;
          for (const key of keys) card.written[key] = card.version;
          if (typeof body.workflowStateId === 'string') card.workflowStateId = body.workflowStateId;
          card.boardPosition += 1;
          resolve({
            id,
            version: card.version,
            boardPosition: card.boardPosition,
            workflowStateId: card.workflowStateId,
            compliance: { isCompliant: true, completion: 100 },
          } as unknown as Card);
        });
      });
    },
  };
}

function queueOn(server: ReturnType<typeof fakeServer>) {
  const saved: { version: number; still: readonly WorkItemChanges[] }[] = [];
  const failed: { error: unknown; confirmed: WorkItem; abandoned: readonly WorkItemChanges[] }[] = [];
  const queue = new WorkItemPatchQueue({
    send: (cardId, body) => server.send(cardId, body),
    saved: (card, still) => saved.push({ version: card.version, still }),
    failed: (error, confirmed, abandoned) => failed.push({ error, confirmed, abandoned }),
  });
  return { queue, saved, failed };
}

const moveDown = (n: number): WorkItemSave => ({
  changes: { boardPosition: 1024 + n },
  boardPlace: { aboveId: other, belowId: null },
});

describe('WorkItemPatchQueue', () => {
  it("sends a card's second move with the version its first one saved, so the two never conflict", async () => {
    const server = fakeServer({ version: 1, boardPosition: 1024, workflowStateId: 'todo' });
    const { queue, saved, failed } = queueOn(server);
    const item = workItem();
    // Both moves are made before the first answer: the view still shows version 1 both times.
    const first = queue.enqueue(item, moveDown(1));
    const second = queue.enqueue(item, moveDown(2));
    expect(queue.isBusy(id)).toBe(true);
    await server.answer();
    await server.answer();
    await Promise.all([first, second]);
    expect(server.sent.map((body) => body.version)).toEqual([1, 2]);
    expect(saved).toEqual([
      { version: 2, still: [{ boardPosition: 1026 }] },
      { version: 3, still: [] },
    ]);
    expect(failed).toEqual([]);
    expect(queue.isBusy(id)).toBe(false);
  });

  it('still refuses a move when someone else moved the card in between, and drops what was queued after it', async () => {
    const server = fakeServer({ version: 1, boardPosition: 1024, workflowStateId: 'todo' });
    const { queue, saved, failed } = queueOn(server);
    const item = workItem();
    const first = queue.enqueue(item, moveDown(1));
    const second = queue.enqueue(item, moveDown(2));
    const third = queue.enqueue(item, { changes: { dueDate: '2031-01-01' } });
    await server.answer();
    server.otherWrites('boardPosition');
    await server.answer();
    await Promise.all([first, second, third]);
    expect(saved).toHaveLength(1);
    expect(failed).toHaveLength(1);
    expect((failed[0]!.error as { code: string }).code).toBe('CONFLICT');
    expect(failed[0]!.abandoned).toEqual([{ boardPosition: 1026 }, { dueDate: '2031-01-01' }]);
    // The card as the first answer left it, to put back on screen.
    expect(failed[0]!.confirmed).toMatchObject({ version: 2, boardPosition: 1025 });
    // The dropped third save was never sent.
    expect(server.sent).toHaveLength(2);
    expect(queue.isBusy(id)).toBe(false);
  });

  it('starts a later save from the version the view shows once the lane is idle', async () => {
    const server = fakeServer({ version: 4, boardPosition: 1024, workflowStateId: 'todo' });
    const { queue } = queueOn(server);
    const first = queue.enqueue(workItem({ version: 4 }), moveDown(1));
    await server.answer();
    await first;
    const second = queue.enqueue(workItem({ version: 5 }), { changes: { dueDate: '2031-02-02' } });
    await server.answer();
    await second;
    expect(server.sent.map((body) => body.version)).toEqual([4, 5]);
  });
});

describe('patchBody', () => {
  it('sends a board move by its neighbours, never the guessed position', () => {
    expect(
      patchBody({
        changes: { workflowStateId: 'done', boardPosition: 12 },
        boardPlace: { aboveId: null, belowId: other },
      }),
    ).toEqual({ workflowStateId: 'done', boardPlace: { aboveId: null, belowId: other } });
    expect(patchBody({ changes: { dueDate: '2031-01-01' } })).toEqual({ dueDate: '2031-01-01' });
  });
});
