import { Loader2Icon } from 'lucide-react';

/** The loading fallback (spec shell section 2: it reads 'Loading...'). */
export function PendingScreen() {
  return (
    <div className="flex min-h-[50svh] flex-1 items-center justify-center p-6">
      <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
        Loading...
      </p>
    </div>
  );
}
