import { useRef } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/ui/sheet';

/**
 * The New Task / New Incident side panel while its code or the user's teams load: it opens at once
 * with its title, as the dialogs do, and closes like the panel (Escape, close button, outside click).
 */
export function LoadingCardSheet({
  title,
  description,
  onClose,
  onCloseAutoFocus,
}: {
  title: string;
  description: string;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  // Replaced by the loaded panel, focus stays for the panel to place; closed by the user, it returns.
  const isClosedByUser = useRef(false);
  return (
    <Sheet
      open
      onOpenChange={(isOpen) => {
        if (isOpen) return;
        isClosedByUser.current = true;
        onClose();
      }}
    >
      <SheetContent
        side="right"
        className="w-[85%] max-w-none md:w-1/2 lg:w-1/3"
        data-testid="edit-card-panel"
        onCloseAutoFocus={(event) => {
          if (isClosedByUser.current) onCloseAutoFocus?.(event);
          else event.preventDefault();
        }}
      >
        <div className="border-b py-3 pr-12 pl-4">
          <SheetTitle className="text-base">{title}</SheetTitle>
          <SheetDescription className="sr-only">{description}</SheetDescription>
        </div>
        <p role="status" className="py-10 text-center text-muted-foreground text-sm">
          Loading...
        </p>
      </SheetContent>
    </Sheet>
  );
}
