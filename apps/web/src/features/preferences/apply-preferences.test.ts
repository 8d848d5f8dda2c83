import { defaultAccessibilityPreferences } from '@wattle/domain/preferences/rules';
import { describe, expect, it } from 'vitest';
import {
  applyAccessibilityPreferences,
  clearAccessibilityPreferences,
  type PreferenceRoot,
} from './apply-preferences';

function fakeRoot() {
  const classes = new Set<string>(['keyboard-navigation', 'other']);
  const root: PreferenceRoot = {
    classList: {
      toggle: (token, force) => (force ? classes.add(token) : classes.delete(token)),
      remove: (...tokens) => {
        for (const token of tokens) classes.delete(token);
      },
    },
    style: { fontSize: '' },
    dataset: {},
  };
  return { root, classes };
}

describe('applyAccessibilityPreferences', () => {
  it('sets the classes and the root font size', () => {
    const { root, classes } = fakeRoot();
    applyAccessibilityPreferences(
      root,
      { highContrastMode: true, reducedMotion: true, fontSize: 'extra-large' },
      false,
    );
    expect(classes.has('high-contrast')).toBe(true);
    expect(classes.has('reduce-motion')).toBe(true);
    expect(root.style.fontSize).toBe('20px');
    expect(root.dataset.fontSize).toBe('extra-large');

    applyAccessibilityPreferences(root, defaultAccessibilityPreferences, false);
    expect(classes.has('high-contrast')).toBe(false);
    expect(classes.has('reduce-motion')).toBe(false);
    expect(root.style.fontSize).toBe('16px');
  });

  it('reduces motion when the operating system asks, even with the preference off', () => {
    const { root, classes } = fakeRoot();
    applyAccessibilityPreferences(root, defaultAccessibilityPreferences, true);
    expect(classes.has('reduce-motion')).toBe(true);
  });

  it('clearing leaves other classes alone', () => {
    const { root, classes } = fakeRoot();
    applyAccessibilityPreferences(
      root,
      { highContrastMode: true, reducedMotion: true, fontSize: 'small' },
      false,
    );
    clearAccessibilityPreferences(root);
    expect([...classes]).toEqual(['other']);
    expect(root.style.fontSize).toBe('');
    expect(root.dataset.fontSize).toBeUndefined();
  });
});
