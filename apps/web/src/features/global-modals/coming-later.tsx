import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/**
 * What a global modal will hold, said plainly, until the issue that builds its form lands. No
 * sample fields: a form that cannot save would only mislead.
 */
export function ComingLater({
  icon: Icon,
  heading,
  children,
}: {
  icon: LucideIcon;
  heading: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-muted/40 px-6 py-10 text-center"
      data-testid="global-modal-empty-state"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <h3 id={headingId} className="font-medium">
        {heading}
      </h3>
      <div className="max-w-prose text-muted-foreground text-sm">{children}</div>
    </section>
  );
}
