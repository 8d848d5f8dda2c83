import { type ReactNode, useEffect, useId, useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * The listbox pattern both search surfaces use (the top bar's box and the global search dialog):
 * focus stays in the search field, the active option is named through aria-activedescendant, and the
 * arrow keys move through the results, wrapping at either end.
 */

/** Which result is active, the ids that tie the field to the list, and a step through the results. */
export function useActiveResult(results: readonly unknown[]) {
  const resultCount = results.length;
  const [activeIndex, setActiveIndex] = useState(0);
  const ids = useId();
  const listId = `${ids}-results`;
  const optionId = (index: number) => `${ids}-result-${index}`;
  const active = resultCount > 0 ? Math.min(activeIndex, resultCount - 1) : -1;

  // A new answer starts at its first result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the results change
  useEffect(() => {
    setActiveIndex(0);
  }, [results]);

  /** Makes the next (1) or previous (-1) result active, wrapping around, and scrolls it into view. */
  const step = (direction: 1 | -1) => {
    if (resultCount === 0) return;
    const next = (active + direction + resultCount) % resultCount;
    setActiveIndex(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };

  return { active, setActiveIndex, listId, optionId, step };
}

/** One result of a search listbox: takes clicks and the pointer, never focus. */
export function ResultOption({
  id,
  isActive,
  onOpen,
  onHover,
  className,
  testId,
  children,
}: {
  id: string;
  isActive: boolean;
  onOpen: () => void;
  onHover: () => void;
  /** The layout of the option's content. */
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the search field handles the keys for every option
    <div
      id={id}
      role="option"
      aria-selected={isActive}
      tabIndex={-1}
      onClick={onOpen}
      onMouseMove={onHover}
      className={cn(
        'flex cursor-pointer rounded-md px-3 py-2 text-sm',
        className,
        isActive ? 'bg-accent text-accent-foreground' : 'text-foreground',
      )}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
