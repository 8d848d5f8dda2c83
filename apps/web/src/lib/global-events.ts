import type { ShortcutAction } from './shortcuts';

/**
 * App-wide events by name: anything (the header's Search button, the Quick Add menu, a keyboard
 * shortcut) can open global search or a global modal without knowing where they are mounted, and a
 * page can take over what a shortcut does while it is on screen (save, escape, new work item).
 */

/** Global modals by event name (spec shell section 2, "Global modal opener"). */
export type GlobalModalName =
  | 'taxInvoice'
  | 'manualTimeEntry'
  | 'addParticipant'
  | 'newTask'
  | 'newIncident'
  | 'newBsp';

type Unsubscribe = () => void;

const modalListeners = new Set<(name: GlobalModalName) => void>();
const searchListeners = new Set<() => void>();

export function openGlobalModal(name: GlobalModalName): void {
  for (const listener of modalListeners) listener(name);
}

/** Listens for openGlobalModal(); the global modal host (features/global-modals) is the listener. */
export function onGlobalModal(listener: (name: GlobalModalName) => void): Unsubscribe {
  modalListeners.add(listener);
  return () => {
    modalListeners.delete(listener);
  };
}

export function openGlobalSearch(): void {
  for (const listener of searchListeners) listener();
}

/** Listens for openGlobalSearch(); the global search dialog is the listener. */
export function onGlobalSearch(listener: () => void): Unsubscribe {
  searchListeners.add(listener);
  return () => {
    searchListeners.delete(listener);
  };
}

/**
 * Shortcut handlers a page registers while it is on screen. The most recently registered handler of
 * an action runs instead of the default (spec shell section 2: "handlers can be overridden"); when
 * it unregisters, the one before it applies again.
 */
export type ShortcutHandler = () => void;
const shortcutHandlers = new Map<ShortcutAction, ShortcutHandler[]>();

export function registerShortcutHandler(action: ShortcutAction, handler: ShortcutHandler): Unsubscribe {
  const stack = shortcutHandlers.get(action) ?? [];
  // A wrapper gives each registration its own identity, so registering one function twice and
  // unregistering once leaves the other registration in place.
  const entry: ShortcutHandler = () => handler();
  stack.push(entry);
  shortcutHandlers.set(action, stack);
  return () => {
    const current = shortcutHandlers.get(action);
    const index = current?.lastIndexOf(entry) ?? -1;
    if (current && index >= 0) current.splice(index, 1);
  };
}

/** Runs the registered handler of an action; false when no page registered one. */
export function runShortcutHandler(action: ShortcutAction): boolean {
  const handler = shortcutHandlers.get(action)?.at(-1);
  if (!handler) return false;
  handler();
  return true;
}

/** What Ctrl/Cmd+S does on the current page (nothing when no page registered a save). */
export function registerSaveHandler(handler: ShortcutHandler): Unsubscribe {
  return registerShortcutHandler('save', handler);
}

/** What Escape does on the current page (closing its panel, say). Open dialogs close themselves first. */
export function registerEscapeHandler(handler: ShortcutHandler): Unsubscribe {
  return registerShortcutHandler('escape', handler);
}

/** What Ctrl/Cmd+N does on the current page; by default it opens the New Task modal. */
export function registerNewWorkItemHandler(handler: ShortcutHandler): Unsubscribe {
  return registerShortcutHandler('new-work-item', handler);
}
