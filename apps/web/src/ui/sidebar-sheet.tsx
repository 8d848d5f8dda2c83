import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';

/**
 * The sidebar on phones: a sheet over the page from the left. In a module of its own, fetched only
 * when the window is phone-sized (ui/sidebar.tsx), so wider screens never load the sheet's code.
 */
export function SidebarSheet({
  open,
  onOpenChange,
  label,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" data-slot="sidebar" className="w-72 p-0" closeLabel="Close navigation">
        <SheetTitle className="sr-only">{label}</SheetTitle>
        <SheetDescription className="sr-only">{description}</SheetDescription>
        <div className="flex h-full flex-col overflow-hidden pt-2">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
