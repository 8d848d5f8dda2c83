import { ConstructionIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The labelled empty state of a page whose content a later release builds: the page's title and one
 * sentence of what will be there. Never sample data.
 */
export function PlaceholderPage({
  title,
  documentTitle,
  description,
  icon: Icon = ConstructionIcon,
  kind = 'later',
  children,
}: {
  title: string;
  /** The browser tab's title, when it should say more than the heading. */
  documentTitle?: string;
  /** One sentence: what this page will hold. */
  description: string;
  icon?: LucideIcon;
  /** 'later' for an area a later release builds; 'placeholder' for a page the spec keeps as one. */
  kind?: 'later' | 'placeholder';
  /** Real information that already exists about the page's subject (the team it belongs to, say). */
  children?: ReactNode;
}) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
      {children}
      <section
        aria-labelledby="placeholder-heading"
        className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center"
        data-testid="placeholder"
      >
        <span
          className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground"
          aria-hidden="true"
        >
          <Icon className="size-6" />
        </span>
        <h2 id="placeholder-heading" className="font-semibold text-lg">
          {kind === 'placeholder' ? 'Placeholder' : 'Coming in a later release'}
        </h2>
        <p className="mt-2 max-w-md text-muted-foreground text-sm">{description}</p>
      </section>
    </div>
  );
}
