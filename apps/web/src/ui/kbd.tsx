import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A key or key combination as the user types it (Ctrl, K, /). */
export function Kbd({ className, ...props }: ComponentProps<'kbd'>) {
  return (
    <kbd
      data-slot="kbd"
      className={cn(
        'pointer-events-none inline-flex h-5 min-w-5 select-none items-center justify-center gap-1 rounded border bg-muted px-1 font-medium font-sans text-muted-foreground text-xs',
        className,
      )}
      {...props}
    />
  );
}
