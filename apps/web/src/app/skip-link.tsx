import type { MouseEvent } from 'react';

/**
 * The first focusable element of every page: moves focus past the header to the main content. Focus
 * is moved by hand so the router does not treat the hash change as a navigation.
 */
export function SkipLink({ target = 'main-content', label = 'Skip to main content' }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus();
    element.scrollIntoView({ block: 'start' });
  };
  return (
    <a
      href={`#${target}`}
      onClick={skip}
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground text-sm shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {label}
    </a>
  );
}
