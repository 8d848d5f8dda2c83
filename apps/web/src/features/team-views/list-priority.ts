import type { Priority } from '@wattle/domain/cards/schemas';

/**
 * Priority colours shared by the list, calendar and roadmap: a badge for the list, a left edge
 * for calendar chips and roadmap bars. The word is always shown or announced beside the colour.
 */
export const priorityBadgeTone: Record<Priority, string> = {
  high: 'border-transparent bg-red-50 text-red-800',
  medium: 'border-transparent bg-amber-50 text-amber-900',
  low: 'border-transparent bg-slate-100 text-slate-700',
};

export const priorityEdgeTone: Record<Priority, string> = {
  high: 'border-l-red-600',
  medium: 'border-l-amber-500',
  low: 'border-l-slate-400',
};

export const priorityFillTone: Record<Priority, string> = {
  high: 'bg-red-100 border-red-600 text-red-950',
  medium: 'bg-amber-100 border-amber-500 text-amber-950',
  low: 'bg-slate-100 border-slate-400 text-slate-900',
};
