import { keyboardModeDismissMs, mouseSuppressesKeyboardModeMs } from '@wattle/domain/preferences/rules';
import { beforeEach, describe, expect, it } from 'vitest';
import { createKeyboardNavigationMode, type KeyboardNavigationMode } from './keyboard-navigation-mode';

/** A hand-driven clock with timers. */
function fakeClock() {
  let time = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => time,
    setTimer: (callback: () => void, delayMs: number) => {
      const id = nextId++;
      timers.set(id, { at: time + delayMs, callback });
      return id;
    },
    clearTimer: (id: unknown) => {
      timers.delete(id as number);
    },
    advance(ms: number) {
      const until = time + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        time = due[1].at;
        due[1].callback();
      }
      time = until;
    },
  };
}

let clock: ReturnType<typeof fakeClock>;
let changes: boolean[];
let mode: KeyboardNavigationMode;

beforeEach(() => {
  clock = fakeClock();
  changes = [];
  mode = createKeyboardNavigationMode({
    onChange: (isActive) => changes.push(isActive),
    dismissAfterMs: keyboardModeDismissMs,
    mouseSuppressesForMs: mouseSuppressesKeyboardModeMs,
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
});

describe('keyboard navigation mode', () => {
  it('turns on with Tab, once, and not with other keys', () => {
    mode.keyPressed('a');
    mode.keyPressed('Enter');
    expect(mode.isActive()).toBe(false);
    mode.keyPressed('Tab');
    mode.keyPressed('Tab');
    expect(mode.isActive()).toBe(true);
    expect(changes).toEqual([true]);
  });

  it('turns off 500 ms after mouse use starts, however much the mouse keeps moving', () => {
    mode.keyPressed('Tab');
    clock.advance(100);
    mode.mouseUsed();
    clock.advance(300);
    mode.mouseUsed();
    clock.advance(199);
    expect(mode.isActive()).toBe(true);
    clock.advance(1);
    expect(mode.isActive()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('ignores Tab for 1000 ms after the last mouse use', () => {
    mode.mouseUsed();
    clock.advance(999);
    mode.keyPressed('Tab');
    expect(mode.isActive()).toBe(false);
    clock.advance(1);
    mode.keyPressed('Tab');
    expect(mode.isActive()).toBe(true);
  });

  it('Tab while the mouse suppresses it does not stop the dismissal', () => {
    mode.keyPressed('Tab');
    mode.mouseUsed();
    clock.advance(400);
    mode.keyPressed('Tab');
    expect(mode.isActive()).toBe(true);
    // Still suppressed: the dismissal goes ahead.
    clock.advance(100);
    expect(mode.isActive()).toBe(false);
  });

  it('mouse use while the mode is off changes nothing', () => {
    mode.mouseUsed();
    clock.advance(2000);
    expect(changes).toEqual([]);
  });

  it('dispose cancels a pending dismissal', () => {
    mode.keyPressed('Tab');
    mode.mouseUsed();
    mode.dispose();
    clock.advance(1000);
    expect(changes).toEqual([true]);
  });
});
