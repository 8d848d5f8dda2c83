import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/**
 * One column header of a sortable table (the team List view, the participants list): a button that
 * toggles the column's sort, with the direction as an icon and as `aria-sort` for screen readers. A
 * column that cannot be sorted is a plain header.
 */
export function SortableHeaderCell({
  sorted,
  canSort = true,
  onToggle,
  children,
}: {
  sorted: false | 'asc' | 'desc';
  canSort?: boolean;
  onToggle?: (event: unknown) => void;
  children: ReactNode;
}) {
  if (!canSort) {
    return (
      <th scope="col" className="flex items-center px-3 py-1 font-medium">
        {children}
      </th>
    );
  }
  const SortIcon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <th scope="col" aria-sort={sorted ? ariaSort[sorted] : 'none'} className="px-1 py-1 font-medium">
      <button
        type="button"
        onClick={onToggle}
        className="inline-flex w-full items-center gap-1 whitespace-nowrap rounded-md px-2 py-1.5 text-left hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
        <SortIcon aria-hidden="true" className={cn('size-3.5 shrink-0', !sorted && 'opacity-40')} />
      </button>
    </th>
  );
}
