import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { leaveToConfirmDialog } from './confirm-dialog';

/**
 * A panel that slides over the page from one edge (a Radix dialog: focus trapped, Escape and a click
 * outside close it). The sidebar uses it on narrow screens.
 */
export function Sheet(props: ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />;
}

export function SheetTrigger(props: ComponentProps<typeof SheetPrimitive.Trigger>) {
  return <SheetPrimitive.Trigger data-slot="sheet-trigger" {...props} />;
}

export function SheetClose(props: ComponentProps<typeof SheetPrimitive.Close>) {
  return <SheetPrimitive.Close data-slot="sheet-close" {...props} />;
}

const sideClasses = {
  left: 'inset-y-0 left-0 h-full w-3/4 max-w-sm animate-slide-in-left border-r',
  right: 'inset-y-0 right-0 h-full w-3/4 max-w-sm animate-slide-in-right border-l',
  bottom: 'inset-x-0 bottom-0 max-h-[85svh] animate-slide-in-bottom rounded-t-xl border-t',
} as const;

export function SheetContent({
  className,
  children,
  side = 'left',
  closeLabel = 'Close',
  onEscapeKeyDown,
  onInteractOutside,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { side?: keyof typeof sideClasses; closeLabel?: string }) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay
        data-slot="sheet-overlay"
        className="fixed inset-0 z-50 animate-fade-in bg-slate-950/40"
      />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          'fixed z-50 flex flex-col bg-background shadow-xl outline-none',
          sideClasses[side],
          className,
        )}
        {...leaveToConfirmDialog({ onEscapeKeyDown, onInteractOutside })}
        {...props}
      >
        {children}
        <SheetPrimitive.Close
          className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={closeLabel}
        >
          <XIcon className="size-4" aria-hidden="true" />
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title data-slot="sheet-title" className={cn('font-semibold', className)} {...props} />
  );
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      data-slot="sheet-description"
      className={cn('text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}
