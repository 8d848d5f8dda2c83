import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its table of Tailwind's classes on its first call: about a tenth of the
 * shell's first render at 4x CPU slowdown (issue 19: warm loads). Called while the page waits for
 * its sign-in reads, the first render finds the table built.
 */
export function prepareClassMerging(): void {
  twMerge('p-0');
}
