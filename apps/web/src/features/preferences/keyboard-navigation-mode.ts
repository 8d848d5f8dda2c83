/**
 * Keyboard-navigation focus mode (spec shell section 2, accessibility settings): pressing Tab turns
 * on strong focus outlines; using the mouse turns them off 500 ms after it starts and keeps Tab from
 * turning them on again for 1000 ms. Clock and timers are passed in so the rules are testable.
 */

export interface KeyboardNavigationModeOptions {
  /** Called with true when the mode turns on and false when it turns off. */
  onChange: (isActive: boolean) => void;
  dismissAfterMs: number;
  mouseSuppressesForMs: number;
  now: () => number;
  setTimer: (callback: () => void, delayMs: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export interface KeyboardNavigationMode {
  keyPressed: (key: string) => void;
  mouseUsed: () => void;
  isActive: () => boolean;
  dispose: () => void;
}

export function createKeyboardNavigationMode(options: KeyboardNavigationModeOptions): KeyboardNavigationMode {
  let isActive = false;
  let suppressedUntil = Number.NEGATIVE_INFINITY;
  let dismissTimer: unknown = null;

  const cancelDismissal = () => {
    if (dismissTimer !== null) options.clearTimer(dismissTimer);
    dismissTimer = null;
  };

  return {
    keyPressed(key) {
      if (key !== 'Tab' || options.now() < suppressedUntil) return;
      cancelDismissal();
      if (!isActive) {
        isActive = true;
        options.onChange(true);
      }
    },
    mouseUsed() {
      suppressedUntil = options.now() + options.mouseSuppressesForMs;
      // The first mouse use starts the countdown; further movement does not postpone it.
      if (!isActive || dismissTimer !== null) return;
      dismissTimer = options.setTimer(() => {
        dismissTimer = null;
        isActive = false;
        options.onChange(false);
      }, options.dismissAfterMs);
    },
    isActive: () => isActive,
    dispose: cancelDismissal,
  };
}
