/**
 * The keyboard shortcuts of spec shell section 2 as pure functions: which action a key press asks
 * for, given what was pressed before and whether the user is typing. The listener that feeds them
 * real events and runs the actions is features/shortcuts/global-shortcuts.tsx.
 *
 *   g then h, g then w, g then r   go-to sequences; the second key within 2000 ms
 *   Ctrl/Cmd+K, /                  open global search
 *   Ctrl/Cmd+N                     new work item
 *   Ctrl/Cmd+S                     save (the browser's save dialog never opens)
 *   Escape                         the page's escape handler; fires even while typing
 *
 * Ctrl/Cmd+B toggles the sidebar and belongs to the shell, not here.
 */

/** The window for the second key of a go-to sequence (spec shell section 9). */
export const goToShortcutWindowMs = 2000;

export type GoToSequence = 'g h' | 'g w' | 'g r';
export type ShortcutAction = GoToSequence | 'search' | 'new-work-item' | 'save' | 'escape';

/** The second key of each go-to sequence. */
const goToSecondKeys: Record<string, GoToSequence> = { h: 'g h', w: 'g w', r: 'g r' };

/** The parts of a KeyboardEvent the decision needs. */
export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** An input method editor is composing text: the key belongs to it. */
  isComposing?: boolean;
}

export interface ShortcutState {
  /** When 'g' started a go-to sequence, or null when none is waiting for its second key. */
  goPressedAt: number | null;
}

export const initialShortcutState: ShortcutState = { goPressedAt: null };

export interface ShortcutDecision {
  action: ShortcutAction | null;
  /** Stop the browser's own handling (its save dialog, address-bar search, quick find). */
  preventDefault: boolean;
  state: ShortcutState;
}

const modifierKeys = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'OS']);

/**
 * What one key press does. `isTyping`: focus is in a text field, a select or an editable area,
 * where only Escape acts (and Ctrl/Cmd+S is still kept from opening the browser's save dialog).
 */
export function decideShortcut(
  key: ShortcutKey,
  context: { isTyping: boolean; now: number },
  state: ShortcutState,
): ShortcutDecision {
  const none = (next: ShortcutState = state): ShortcutDecision => ({
    action: null,
    preventDefault: false,
    state: next,
  });
  const cleared: ShortcutState = { goPressedAt: null };

  if (key.key === 'Escape') return { action: 'escape', preventDefault: false, state: cleared };
  if (key.isComposing || modifierKeys.has(key.key)) return none();

  const letter = key.key.length === 1 ? key.key.toLowerCase() : key.key;
  const hasCommandModifier = key.ctrlKey || key.metaKey;

  if (hasCommandModifier && !key.altKey && !key.shiftKey && letter === 's') {
    return { action: context.isTyping ? null : 'save', preventDefault: true, state: cleared };
  }
  if (context.isTyping) return none(cleared);

  if (hasCommandModifier) {
    if (key.altKey || key.shiftKey) return none(cleared);
    if (letter === 'k') return { action: 'search', preventDefault: true, state: cleared };
    if (letter === 'n') return { action: 'new-work-item', preventDefault: true, state: cleared };
    return none(cleared);
  }
  if (key.altKey) return none(cleared);

  // '/' needs Shift on some keyboard layouts, so Shift is allowed here.
  if (key.key === '/') return { action: 'search', preventDefault: true, state: cleared };
  if (key.shiftKey) return none(cleared);

  const isWaitingForSecondKey =
    state.goPressedAt !== null && context.now - state.goPressedAt <= goToShortcutWindowMs;
  const sequence = isWaitingForSecondKey ? goToSecondKeys[letter] : undefined;
  if (sequence) return { action: sequence, preventDefault: true, state: cleared };
  if (letter === 'g') return none({ goPressedAt: context.now });
  return none(cleared);
}

/** The parts of an element that tell whether keys pressed in it are typing. */
export interface FocusTarget {
  tagName?: string;
  isContentEditable?: boolean;
  /** An <input>'s type. */
  type?: string;
  getAttribute?: (name: string) => string | null;
}

/** Input types that take no typed text: keys pressed on them are free for shortcuts. */
const nonTextInputTypes = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);
const textRoles = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** True when keys pressed in this element type text: a text input, textarea, select or editable area. */
export function isTypingTarget(target: FocusTarget | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tagName = target.tagName?.toUpperCase();
  if (tagName === 'TEXTAREA' || tagName === 'SELECT') return true;
  if (tagName === 'INPUT') return !nonTextInputTypes.has((target.type ?? 'text').toLowerCase());
  const role = target.getAttribute?.('role');
  return role ? textRoles.has(role) : false;
}
