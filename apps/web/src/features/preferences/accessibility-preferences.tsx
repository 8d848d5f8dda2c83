import { useQuery } from '@tanstack/react-query';
import {
  defaultAccessibilityPreferences,
  keyboardModeDismissMs,
  mouseSuppressesKeyboardModeMs,
} from '@wattle/domain/preferences/rules';
import { useEffect, useSyncExternalStore } from 'react';
import { accessibilityPreferencesQueryOptions } from './api';
import {
  applyAccessibilityPreferences,
  clearAccessibilityPreferences,
  keyboardNavigationClass,
} from './apply-preferences';
import { createKeyboardNavigationMode } from './keyboard-navigation-mode';
import './accessibility.css';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const media = window.matchMedia(reducedMotionQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether the operating system asks for reduced motion, kept current. */
export function useSystemPrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

/** Strong focus rings while the keyboard is in use (spec shell section 2 timings). */
function useKeyboardNavigationMode(): void {
  useEffect(() => {
    const root = document.documentElement;
    const mode = createKeyboardNavigationMode({
      onChange: (isActive) => root.classList.toggle(keyboardNavigationClass, isActive),
      dismissAfterMs: keyboardModeDismissMs,
      mouseSuppressesForMs: mouseSuppressesKeyboardModeMs,
      now: () => performance.now(),
      setTimer: (callback, delayMs) => window.setTimeout(callback, delayMs),
      clearTimer: (timer) => window.clearTimeout(timer as number),
    });
    const onKeyDown = (event: KeyboardEvent) => mode.keyPressed(event.key);
    const onPointer = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') mode.mouseUsed();
    };
    // Capture: a component that stops the event from bubbling still counts as keyboard or mouse use.
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('pointermove', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('pointermove', onPointer, true);
      mode.dispose();
      root.classList.remove(keyboardNavigationClass);
    };
  }, []);
}

/**
 * Mounted once for signed-in users: loads the saved accessibility preferences and applies them to
 * the whole document (high contrast, reduced motion, font size), plus the keyboard focus mode.
 * Until they load, and if they cannot be loaded, the defaults apply.
 */
export function AccessibilityPreferencesApplier() {
  const { data: preferences = defaultAccessibilityPreferences } = useQuery(
    accessibilityPreferencesQueryOptions(),
  );
  const systemPrefersReducedMotion = useSystemPrefersReducedMotion();

  useEffect(() => {
    applyAccessibilityPreferences(document.documentElement, preferences, systemPrefersReducedMotion);
  }, [preferences, systemPrefersReducedMotion]);

  useEffect(() => () => clearAccessibilityPreferences(document.documentElement), []);

  useKeyboardNavigationMode();
  return null;
}
