import type { Card, PatchCardInput } from '@wattle/domain/cards/schemas';
import { describe, expect, it } from 'vitest';
import {
  CardSaveQueueCore,
  classifyFailure,
  type SaveQueueItem,
  type SaveQueueOptions,
  type SaveQueueStorage,
  withPendingChanges,
} from './field-save-queue-core';

const tenantId = '0190f5b4-0000-7000-8000-000000000001';
const cardId = '0190f5b4-0000-7000-8000-000000000002';

function makeCard(overrides: Partial<Card> = {}): Card {
  return {
    id: cardId,
    tenantId,
    teamId: '0190f5b4-0000-7000-8000-000000000003',
    workItemId: 'SUN-00001',
    type: 'task',
    templateId: null,
    templateName: null,
    title: 'Weekly check-in',
    description: '',
    participantId: null,
    assigneeId: null,
    assigneeName: null,
    status: 'draft',
    state: 'todo',
    ndisStatus: 'draft',
    workflowStateId: null,
    boardPosition: 1024,
    priority: 'medium',
    category: null,
    startDate: null,
    dueDate: null,
    tags: [],
    fieldValues: {},
    completedRequirements: { fields: [], documents: [], approvals: [] },
    compliance: {
      isCompliant: true,
      completion: 100,
      issues: [],
      lastValidation: '2026-01-01T00:00:00.000Z',
    },
    billable: false,
    estimatedAmountCents: 0,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    createdBy: null,
    createdByName: null,
    lastModifiedBy: null,
    lastModifiedByName: null,
    ...overrides,
  };
}

/** An error shaped like the http client's ApiError. */
function apiError(status: number, message: string, details?: unknown): Error {
  return Object.assign(new Error(message), { status, details });
}

/** A request the fake server has received and not answered yet. */
interface Call {
  input: PatchCardInput;
  resolve: (card: Card) => void;
  reject: (error: unknown) => void;
}

/**
 * A fake server: each PATCH waits until the test answers it (so ordering can be seen), and by
 * default answers like the real one: the fields merged and the version bumped.
 */
function fakeServer(initial: Card = makeCard()) {
  let card = initial;
  const calls: Call[] = [];
  const patch = (input: PatchCardInput) =>
    new Promise<Card>((resolve, reject) => {
      calls.push({ input, resolve, reject });
    });
  const apply = (input: PatchCardInput): Card => {
    const { version: _version, fieldValues, submit: _submit, intent: _intent, ...fields } = input;
    card = {
      ...card,
      ...(fields as Partial<Card>),
      fieldValues: { ...card.fieldValues, ...(fieldValues as Card['fieldValues']) },
      version: card.version + 1,
    };
    return card;
  };
  return {
    calls,
    patch,
    get card() {
      return card;
    },
    set card(next: Card) {
      card = next;
    },
    /** Answers the oldest waiting call as the server would. */
    async accept(): Promise<Card> {
      const call = calls.shift();
      if (!call) throw new Error('no call waiting');
      const saved = apply(call.input);
      call.resolve(saved);
      await settle();
      return saved;
    },
    async fail(error: unknown): Promise<void> {
      const call = calls.shift();
      if (!call) throw new Error('no call waiting');
      call.reject(error);
      await settle();
    },
  };
}

/** Timers the test moves by hand. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  return {
    timers: {
      set: (callback: () => void, ms: number) => {
        const id = nextId++;
        pending.set(id, { at: now + ms, callback });
        return id;
      },
      clear: (handle: unknown) => {
        pending.delete(handle as number);
      },
    },
    get waiting() {
      return [...pending.values()].map((timer) => timer.at - now);
    },
    async advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending.entries()].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          pending.delete(id);
          timer.callback();
        }
      }
      await settle();
    },
  };
}

function memoryStorage(): SaveQueueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

function setup(overrides: Partial<SaveQueueOptions> = {}, server = fakeServer()) {
  const clock = fakeTimers();
  const events: string[] = [];
  const saved: Card[] = [];
  const undos: (() => void)[] = [];
  const queue = new CardSaveQueueCore({
    tenantId,
    cardId,
    patch: server.patch,
    timers: clock.timers,
    getCard: () => server.card,
    onSaved: (card) => saved.push(card),
    onChanged: (item: SaveQueueItem, undo) => {
      events.push(`Changed ${item.label}.`);
      undos.push(undo);
    },
    onRefused: (_item, message) => events.push(`refused: ${message}`),
    onConflict: (details) => events.push(`conflict: ${details.conflictingFields.join(',')}`),
    ...overrides,
  });
  return { queue, server, clock, events, saved, undos };
}

const titleChange = (title: string, baseVersion = 1, previous: unknown = 'Weekly check-in') => ({
  key: 'title',
  label: 'Title',
  patch: { title },
  previous,
  baseVersion,
});

describe('the field-save queue', () => {
  it('sends one change at a time, oldest first, each with the version the user saw', async () => {
    const { queue, server } = setup();
    queue.enqueue(titleChange('Fortnightly check-in'));
    queue.enqueue({
      key: 'priority',
      label: 'Priority',
      patch: { priority: 'high' },
      previous: 'medium',
      baseVersion: 1,
    });
    await settle();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.input).toEqual({ title: 'Fortnightly check-in', version: 1 });
    expect(queue.getSnapshot().status).toBe('saving');
    expect(queue.getSnapshot().pending.map((item) => item.state)).toEqual(['saving', 'queued']);

    await server.accept();
    expect(server.calls).toHaveLength(1);
    // The other field is sent from the version its change started from: the server merges per field.
    expect(server.calls[0]!.input).toEqual({ priority: 'high', version: 1 });
    await server.accept();
    expect(queue.getSnapshot().status).toBe('saved');
    expect(queue.getSnapshot().pending).toEqual([]);
    expect(server.card).toMatchObject({ title: 'Fortnightly check-in', priority: 'high', version: 3 });
  });

  it('replaces a queued change of the same field with the newer one, sent from the saved version', async () => {
    const { queue, server } = setup();
    queue.enqueue(titleChange('F'));
    await settle();
    queue.enqueue(titleChange('Fo'));
    queue.enqueue(titleChange('Fortnightly'));
    expect(queue.getSnapshot().pending.map((item) => item.patch)).toEqual([
      { title: 'F' },
      { title: 'Fortnightly' },
    ]);
    await server.accept();
    // Made on top of the value this queue had just saved, so not a conflict with itself.
    expect(server.calls[0]!.input).toEqual({ title: 'Fortnightly', version: 2 });
    await server.accept();
    expect(server.card.title).toBe('Fortnightly');
    expect(server.calls).toHaveLength(0);
  });

  it('retries network failures with back-off, then shows it saved on this device only and keeps retrying until online', async () => {
    const { queue, server, clock } = setup();
    queue.enqueue(titleChange('Offline edit'));
    await settle();
    const offline = apiError(0, 'Could not reach Wattle. Check your connection and try again.');

    await server.fail(offline);
    expect(queue.getSnapshot().status).toBe('saving');
    expect(clock.waiting).toEqual([400]);
    await clock.advance(400);
    await server.fail(offline);
    expect(clock.waiting).toEqual([800]);
    await clock.advance(800);
    await server.fail(apiError(503, 'Service Unavailable'));
    // Not refused: waiting on this device for the server ('Saved on this device only').
    expect(queue.getSnapshot().status).toBe('local');
    expect(queue.hasUnsendable).toBe(true);
    expect(queue.getSnapshot().pending[0]).toMatchObject({ state: 'failed', autoRetry: true });
    expect(clock.waiting).toEqual([5000]);

    await clock.advance(5000);
    expect(server.calls).toHaveLength(1);
    await server.fail(offline);
    expect(queue.getSnapshot().status).toBe('local');

    // The browser's `online` event: sent at once, without waiting for the timer.
    queue.resume();
    await settle();
    expect(server.calls).toHaveLength(1);
    await server.accept();
    expect(queue.getSnapshot()).toMatchObject({ status: 'saved', pending: [], lastError: null });
    expect(server.card.title).toBe('Offline edit');
  });

  it('keeps pending changes in storage and sends them again after a reload', async () => {
    const storage = memoryStorage();
    const first = setup({ storage });
    first.queue.enqueue(titleChange('Typed before the reload'));
    first.queue.enqueue({
      key: 'fieldValues.participant-name',
      label: 'Participant Name',
      patch: { fieldValues: { 'participant-name': 'Jordan Lee' } },
      previous: undefined,
      baseVersion: 1,
    });
    await settle();
    expect(first.server.calls).toHaveLength(1);
    expect([...storage.data.keys()]).toEqual([`wattle.saveQueue.${tenantId}.${cardId}`]);
    first.queue.dispose();

    // The page reloads before the answer arrives: a new queue on the same storage.
    const server = fakeServer();
    const second = setup({ storage }, server);
    await settle();
    expect(second.queue.getSnapshot().pending.map((item) => item.key)).toEqual([
      'title',
      'fieldValues.participant-name',
    ]);
    expect(server.calls[0]!.input).toEqual({ title: 'Typed before the reload', version: 1 });
    await server.accept();
    await server.accept();
    expect(server.card).toMatchObject({
      title: 'Typed before the reload',
      fieldValues: { 'participant-name': 'Jordan Lee' },
    });
    expect(storage.data.size).toBe(0);
  });

  it("keeps another tab's unsaved change in storage when this tab saves its own", async () => {
    const storage = memoryStorage();
    const key = `wattle.saveQueue.${tenantId}.${cardId}`;
    const storedKeys = () =>
      ((JSON.parse(storage.data.get(key) ?? '{"items":[]}') as { items: { key: string }[] }).items ?? []).map(
        (item) => item.key,
      );
    // Two tabs of the same card, both open before either changes anything.
    const tabA = setup({ storage });
    const tabB = setup({ storage });
    // Tab A's save gets no answer (its connection dropped): the change waits in storage.
    tabA.queue.enqueue(titleChange('From tab A'));
    await settle();
    expect(storedKeys()).toEqual(['title']);

    tabB.queue.enqueue({
      key: 'state',
      label: 'State',
      patch: { state: 'doing' },
      previous: 'todo',
      baseVersion: 1,
    });
    await settle();
    expect(storedKeys()).toEqual(['title', 'state']);
    await tabB.server.accept();
    // B's change has left storage; A's is still there for a reload to send.
    expect(storedKeys()).toEqual(['title']);
    tabA.queue.dispose();
    const reloaded = setup({ storage });
    expect(reloaded.queue.getSnapshot().pending.map((item) => item.patch)).toEqual([{ title: 'From tab A' }]);
  });

  it('treats a resent change the server already holds as saved, not as a conflict with itself', async () => {
    const server = fakeServer(makeCard({ title: 'Already there', version: 2 }));
    const { queue } = setup({}, server);
    queue.enqueue(titleChange('Already there', 1));
    await settle();
    await server.fail(
      apiError(409, 'Someone else changed this card', { current: server.card, conflictingFields: ['title'] }),
    );
    expect(queue.getSnapshot()).toMatchObject({ status: 'saved', conflict: null, pending: [] });
  });

  it('marks a 409 as a conflict; retry sends it over the other value, acceptTheirs takes theirs', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    const { queue, events, saved } = setup({ storage }, server);
    // Lee saved the title first.
    server.card = makeCard({ title: "Lee's title", version: 2, lastModifiedByName: 'Lee Lead' });

    queue.enqueue(titleChange("Priya's title", 1));
    await settle();
    await server.fail(apiError(409, 'Conflict', { current: server.card, conflictingFields: ['title'] }));
    const snapshot = queue.getSnapshot();
    expect(snapshot.status).toBe('failed');
    expect(snapshot.conflict?.current.title).toBe("Lee's title");
    expect(snapshot.pending[0]).toMatchObject({ state: 'failed', autoRetry: false });
    expect(events).toContain('conflict: title');
    // The choice survives a reload.
    expect(storage.data.size).toBe(1);

    queue.retry();
    await settle();
    expect(server.calls[0]!.input).toEqual({ title: "Priya's title", version: 2 });
    await server.accept();
    expect(queue.getSnapshot()).toMatchObject({ status: 'saved', conflict: null });
    expect(server.card.title).toBe("Priya's title");

    // Another conflict, this time resolved by taking the other value.
    server.card = { ...server.card, title: 'Third title', version: server.card.version + 1 };
    queue.enqueue(titleChange('Mine again', 3));
    await settle();
    await server.fail(apiError(409, 'Conflict', { current: server.card, conflictingFields: ['title'] }));
    queue.acceptTheirs();
    expect(queue.getSnapshot()).toMatchObject({ pending: [], conflict: null });
    expect(saved.at(-1)?.title).toBe('Third title');
    expect(server.calls).toHaveLength(0);
  });

  it('reports a refused change once and drops it instead of retrying it forever', async () => {
    const { queue, server, events, clock } = setup();
    queue.enqueue({
      key: 'status',
      label: 'Status',
      patch: { status: 'pending-review' },
      previous: 'in-progress',
      baseVersion: 1,
    });
    const flushed = queue.flush();
    await settle();
    await server.fail(apiError(422, 'A clinician must approve this step.'));
    expect(events).toEqual(['refused: A clinician must approve this step.']);
    expect(queue.getSnapshot()).toMatchObject({
      status: 'failed',
      pending: [],
      lastError: 'A clinician must approve this step.',
    });
    await expect(flushed).rejects.toThrow('A clinician must approve this step.');
    expect(clock.waiting).toEqual([]);
    expect(server.calls).toHaveLength(0);
  });

  it('offers Undo after a toast change, which sends the previous value back as an undo', async () => {
    const { queue, server, events, undos } = setup();
    queue.enqueue(
      { key: 'priority', label: 'Priority', patch: { priority: 'high' }, previous: 'medium', baseVersion: 1 },
      { toast: true },
    );
    await settle();
    await server.accept();
    expect(events).toEqual(['Changed Priority.']);
    expect(server.card.priority).toBe('high');

    undos[0]!();
    await settle();
    expect(server.calls[0]!.input).toEqual({ priority: 'medium', intent: 'undo', version: 2 });
    await server.accept();
    expect(server.card.priority).toBe('medium');
    // The undo itself shows no second toast.
    expect(events).toEqual(['Changed Priority.']);
  });

  it('undoes a form field by clearing it when it had no value', async () => {
    const { queue, server, undos } = setup();
    queue.enqueue(
      {
        key: 'fieldValues.participant-name',
        label: 'Participant Name',
        patch: { fieldValues: { 'participant-name': 'Jordan' } },
        previous: undefined,
        baseVersion: 1,
      },
      { toast: true },
    );
    await settle();
    await server.accept();
    undos[0]!();
    await settle();
    expect(server.calls[0]!.input).toEqual({
      fieldValues: { 'participant-name': null },
      intent: 'undo',
      version: 2,
    });
  });

  it('flush() resolves with the saved card once everything is saved', async () => {
    const { queue, server } = setup();
    queue.enqueue(titleChange('One'));
    queue.enqueue({
      key: 'state',
      label: 'State',
      patch: { state: 'doing' },
      previous: 'todo',
      baseVersion: 1,
    });
    const flushed = queue.flush();
    await settle();
    await server.accept();
    await server.accept();
    await expect(flushed).resolves.toMatchObject({ title: 'One', state: 'doing', version: 3 });
    // Nothing queued: resolves at once with the card as known.
    await expect(queue.flush()).resolves.toMatchObject({ version: 3 });
  });
});

describe('leaving the page (issue 18: never lose typing)', () => {
  /** A fake server that also records whether each PATCH was sent with keepalive. */
  function keepaliveServer() {
    const server = fakeServer();
    const keepalive: boolean[] = [];
    const patch = (input: PatchCardInput, options?: { keepalive?: boolean }) => {
      keepalive.push(options?.keepalive === true);
      return server.patch(input);
    };
    return { server, keepalive, patch };
  }

  const fieldChange = (fieldId: string, value: string, baseVersion = 1) => ({
    key: `fieldValues.${fieldId}`,
    label: fieldId,
    patch: { fieldValues: { [fieldId]: value } },
    previous: null,
    baseVersion,
  });

  it('sends every waiting change at once with keepalive, not one after another', async () => {
    const { server, keepalive, patch } = keepaliveServer();
    const { queue } = setup({ patch }, server);
    queue.enqueue(fieldChange('a', 'first'));
    queue.enqueue(fieldChange('b', 'second'));
    queue.enqueue(fieldChange('c', 'third'));
    await settle();
    // The pump sends one; the other two wait their turn.
    expect(server.calls).toHaveLength(1);

    expect(queue.sendOnExit()).toBe(2);
    expect(server.calls).toHaveLength(3);
    expect(keepalive).toEqual([false, true, true]);
    expect(server.calls.map((call) => Object.keys(call.input.fieldValues ?? {})[0])).toEqual(['a', 'b', 'c']);
    // Each carries the version its change started from.
    expect(server.calls.every((call) => call.input.version === 1)).toBe(true);
  });

  it('takes a keepalive answer that arrives while the page lives as saved, and does not send it twice', async () => {
    const { server, patch } = keepaliveServer();
    const { queue } = setup({ patch }, server);
    queue.enqueue(fieldChange('a', 'first'));
    queue.enqueue(fieldChange('b', 'second'));
    await settle();
    queue.sendOnExit();
    expect(server.calls).toHaveLength(2);
    // The keepalive save of b answers first.
    const exitCall = server.calls.splice(1, 1)[0]!;
    exitCall.resolve({ ...server.card, fieldValues: { b: 'second' }, version: 2 });
    await settle();
    expect(queue.getSnapshot().pending.map((item) => item.key)).toEqual(['fieldValues.a']);
    await server.accept();
    expect(queue.getSnapshot()).toMatchObject({ status: 'saved', pending: [] });
    expect(server.calls).toHaveLength(0);
  });

  it('sends nothing on exit when nothing waits, and leaves failed keepalive saves queued', async () => {
    const { server, patch } = keepaliveServer();
    const { queue } = setup({ patch }, server);
    expect(queue.sendOnExit()).toBe(0);
    queue.enqueue(fieldChange('a', 'first'));
    queue.enqueue(fieldChange('b', 'second'));
    await settle();
    queue.sendOnExit();
    const exitCall = server.calls.splice(1, 1)[0]!;
    exitCall.reject(apiError(0, 'offline'));
    await settle();
    expect(queue.getSnapshot().pending.map((item) => item.key)).toEqual(['fieldValues.a', 'fieldValues.b']);
  });

  it("says 'Saved on this device only' at once while the browser is offline, and sends when back online", async () => {
    let online = false;
    const { queue, server } = setup({ isOnline: () => online });
    queue.enqueue(titleChange('Typed offline'));
    await settle();
    expect(queue.getSnapshot().status).toBe('local');
    expect(queue.hasUnsendable).toBe(true);
    await server.fail(apiError(0, 'offline'));

    online = true;
    queue.networkChanged();
    await settle();
    expect(queue.getSnapshot().status).toBe('saving');
    expect(queue.hasUnsendable).toBe(false);
    await server.accept();
    expect(queue.getSnapshot().status).toBe('saved');
    expect(server.card.title).toBe('Typed offline');
  });

  it('counts a conflict as unsendable, but not a refused change that was dropped', async () => {
    const { queue, server } = setup();
    queue.enqueue(titleChange('x'.repeat(300)));
    await settle();
    await server.fail(apiError(400, 'Title is too long'));
    expect(queue.getSnapshot().status).toBe('failed');
    expect(queue.hasUnsendable).toBe(false);

    queue.enqueue(titleChange('Mine'));
    await settle();
    await server.fail(
      apiError(409, 'Conflict', {
        current: makeCard({ title: 'Theirs', version: 2 }),
        conflictingFields: ['title'],
      }),
    );
    expect(queue.getSnapshot().status).toBe('failed');
    expect(queue.hasUnsendable).toBe(true);
  });
});

describe('helpers', () => {
  it('sorts failures: network, 5xx and 429 retry; 409 conflicts; other 4xx are final', () => {
    expect(classifyFailure(apiError(0, 'offline')).kind).toBe('retryable');
    expect(classifyFailure(new TypeError('Failed to fetch')).kind).toBe('retryable');
    expect(classifyFailure(apiError(502, 'Bad gateway')).kind).toBe('retryable');
    expect(classifyFailure(apiError(429, 'Slow down')).kind).toBe('retryable');
    expect(classifyFailure(apiError(409, 'Conflict')).kind).toBe('conflict');
    expect(classifyFailure(apiError(400, 'Too long')).kind).toBe('refused');
    expect(classifyFailure(apiError(422, 'Locked')).kind).toBe('refused');
  });

  it('lays unsaved changes over the card, clearing form fields set to null', () => {
    const card = makeCard({ fieldValues: { a: 'x', b: 'y' } });
    const view = withPendingChanges(card, [
      { patch: { title: 'New' } },
      { patch: { fieldValues: { a: null, c: 'z' } } },
    ]);
    expect(view.title).toBe('New');
    expect(view.fieldValues).toEqual({ b: 'y', c: 'z' });
    expect(withPendingChanges(card, [])).toBe(card);
  });
});
