import { ConstructionIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';

/**
 * The one wording for what Wattle does not do yet (issue 18 item 6): "Coming Soon", the words the
 * spec uses (shell section 2), never "later release", "placeholder" or "not available yet". Every
 * such place uses this module: the badge beside an inert control, or the labelled empty state of a
 * page or panel whose content is still to be built. Never sample data in its place.
 */
export const comingSoonLabel = 'Coming Soon';

/** Beside a control that does nothing yet (the tenant switcher's Join Organisation). */
export function ComingSoonBadge({ className }: { className?: string }) {
  return (
    <Badge variant="secondary" className={cn('px-1.5 font-normal', className)} data-testid="coming-soon">
      {comingSoonLabel}
    </Badge>
  );
}

/** A page's or panel's empty state: "Coming Soon" and one sentence of what will be there. */
export function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label={comingSoonLabel}
      className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center"
      data-testid="coming-soon"
    >
      <span
        className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground"
        aria-hidden="true"
      >
        <ConstructionIcon className="size-6" />
      </span>
      <h2 className="font-semibold text-lg">{comingSoonLabel}</h2>
      <p className="mt-2 max-w-md text-muted-foreground text-sm">{children}</p>
    </section>
  );
}
