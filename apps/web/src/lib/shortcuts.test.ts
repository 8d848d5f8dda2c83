import { describe, expect, it } from 'vitest';
import {
  decideShortcut,
  goToShortcutWindowMs,
  initialShortcutState,
  isTypingTarget,
  type ShortcutKey,
  type ShortcutState,
} from './shortcuts';

function press(key: string, modifiers: Partial<ShortcutKey> = {}): ShortcutKey {
  return { key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...modifiers };
}

/** Presses keys in order at the given times and returns every decision. */
function sequence(keys: [ShortcutKey, number][], isTyping = false) {
  let state: ShortcutState = initialShortcutState;
  return keys.map(([key, now]) => {
    const decision = decideShortcut(key, { isTyping, now }, state);
    state = decision.state;
    return decision;
  });
}

describe('go-to sequences', () => {
  it.each([
    ['h', 'g h'],
    ['w', 'g w'],
    ['r', 'g r'],
  ])('g then %s is %s', (second, action) => {
    const [first, then] = sequence([
      [press('g'), 1000],
      [press(second), 1500],
    ]);
    expect(first).toMatchObject({ action: null, preventDefault: false });
    expect(then).toMatchObject({ action, preventDefault: true, state: { goPressedAt: null } });
  });

  it('accepts the second key up to 2000 ms after g, and not later', () => {
    expect(
      sequence([
        [press('g'), 0],
        [press('h'), goToShortcutWindowMs],
      ])[1]?.action,
    ).toBe('g h');
    expect(
      sequence([
        [press('g'), 0],
        [press('h'), goToShortcutWindowMs + 1],
      ])[1]?.action,
    ).toBeNull();
  });

  it('needs g first: h alone does nothing, and another key in between cancels the sequence', () => {
    expect(sequence([[press('h'), 0]])[0]?.action).toBeNull();
    expect(
      sequence([
        [press('g'), 0],
        [press('x'), 100],
        [press('h'), 200],
      ])[2]?.action,
    ).toBeNull();
  });

  it('a second g restarts the window', () => {
    const decisions = sequence([
      [press('g'), 0],
      [press('g'), 1900],
      [press('w'), 3800],
    ]);
    expect(decisions[2]?.action).toBe('g w');
  });

  it('holding Shift between the keys does not cancel the sequence', () => {
    const decisions = sequence([
      [press('g'), 0],
      [press('Shift', { shiftKey: true }), 100],
      [press('r'), 200],
    ]);
    expect(decisions[2]?.action).toBe('g r');
  });

  it('ignores g and its second key while typing', () => {
    const decisions = sequence(
      [
        [press('g'), 0],
        [press('h'), 100],
      ],
      true,
    );
    expect(decisions.map((decision) => decision.action)).toEqual([null, null]);
    expect(decisions.every((decision) => !decision.preventDefault)).toBe(true);
  });

  it('modified letters are not part of a sequence', () => {
    expect(
      sequence([
        [press('g'), 0],
        [press('h', { ctrlKey: true }), 100],
      ])[1]?.action,
    ).toBeNull();
    expect(sequence([[press('G', { shiftKey: true }), 0]])[0]?.state.goPressedAt).toBeNull();
  });
});

describe('search', () => {
  it.each([
    ['Ctrl+K', press('k', { ctrlKey: true })],
    ['Cmd+K', press('k', { metaKey: true })],
    ['/', press('/')],
    ['Shift+/ on layouts where / needs Shift', press('/', { shiftKey: true })],
  ])('%s opens search and keeps the browser from acting on it', (_name, key) => {
    expect(decideShortcut(key, { isTyping: false, now: 0 }, initialShortcutState)).toMatchObject({
      action: 'search',
      preventDefault: true,
    });
  });

  it('is ignored while typing, so / and Ctrl+K reach the field', () => {
    for (const key of [press('/'), press('k', { ctrlKey: true })]) {
      expect(decideShortcut(key, { isTyping: true, now: 0 }, initialShortcutState)).toMatchObject({
        action: null,
        preventDefault: false,
      });
    }
  });
});

describe('new work item', () => {
  it('Ctrl+N and Cmd+N create a work item instead of opening a browser window', () => {
    for (const key of [press('n', { ctrlKey: true }), press('N', { metaKey: true })]) {
      expect(decideShortcut(key, { isTyping: false, now: 0 }, initialShortcutState)).toMatchObject({
        action: 'new-work-item',
        preventDefault: true,
      });
    }
  });

  it('leaves Ctrl+Shift+N (a private window) and typing alone', () => {
    const state = initialShortcutState;
    expect(
      decideShortcut(press('N', { ctrlKey: true, shiftKey: true }), { isTyping: false, now: 0 }, state),
    ).toMatchObject({ action: null, preventDefault: false });
    expect(decideShortcut(press('n', { ctrlKey: true }), { isTyping: true, now: 0 }, state)).toMatchObject({
      action: null,
      preventDefault: false,
    });
  });
});

describe('save', () => {
  it('Ctrl+S and Cmd+S save and never open the browser save dialog', () => {
    for (const key of [press('s', { ctrlKey: true }), press('s', { metaKey: true })]) {
      expect(decideShortcut(key, { isTyping: false, now: 0 }, initialShortcutState)).toMatchObject({
        action: 'save',
        preventDefault: true,
      });
    }
  });

  it('while typing the save handler is not called, but the browser dialog is still kept away', () => {
    expect(
      decideShortcut(press('s', { ctrlKey: true }), { isTyping: true, now: 0 }, initialShortcutState),
    ).toMatchObject({ action: null, preventDefault: true });
  });
});

describe('escape', () => {
  it('fires whether or not the user is typing, and lets the browser see it too', () => {
    for (const isTyping of [false, true]) {
      expect(decideShortcut(press('Escape'), { isTyping, now: 0 }, { goPressedAt: 0 })).toEqual({
        action: 'escape',
        preventDefault: false,
        state: { goPressedAt: null },
      });
    }
  });
});

describe('other keys', () => {
  it('do nothing and keep their default', () => {
    for (const key of [
      press('a'),
      press('Enter'),
      press('c', { ctrlKey: true }),
      press('b', { ctrlKey: true }),
    ]) {
      expect(decideShortcut(key, { isTyping: false, now: 0 }, initialShortcutState)).toMatchObject({
        action: null,
        preventDefault: false,
      });
    }
  });

  it('keys an input method is composing are left to it', () => {
    expect(
      decideShortcut(press('/', { isComposing: true }), { isTyping: false, now: 0 }, initialShortcutState)
        .action,
    ).toBeNull();
  });
});

describe('isTypingTarget', () => {
  const attributes = (role: string | null) => ({ getAttribute: () => role });

  it('text inputs, textareas, selects and editable areas are typing', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'email' })).toBe(true);
    expect(isTypingTarget({ tagName: 'input' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', ...attributes('textbox') })).toBe(true);
  });

  it('buttons, checkboxes, links and the page itself are not', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget({ tagName: 'BODY', ...attributes(null) })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON', ...attributes(null) })).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'radio' })).toBe(false);
    expect(isTypingTarget({ tagName: 'A', ...attributes('link') })).toBe(false);
  });
});
