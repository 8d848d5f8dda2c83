import { Link } from '@tanstack/react-router';
import { BookOpenIcon, ChevronRightIcon, FileCodeIcon, FileTextIcon } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';

const links = [
  {
    to: '/handbook',
    icon: BookOpenIcon,
    label: 'Handbook',
    description:
      'How to run a care team: roles, the compliance templates and their Commission deadlines, time and invoicing, notifications.',
  },
  {
    to: '/documentation',
    icon: FileTextIcon,
    label: 'Documentation and API reference',
    description:
      'Guides for administrators and for connecting other tools, and every operation of the API with its parameters and answers.',
  },
] as const;

/** /settings/documentation (issue 17): where the handbook and the API document are. */
export function DocumentationSettingsPage() {
  useDocumentTitle('Documentation');
  return (
    <div className="flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <BookOpenIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Documentation
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Guides to Wattle for your staff and administrators.
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {links.map((link) => (
          <li key={link.to} className="flex">
            <Link
              to={link.to}
              className="group flex w-full items-center gap-3 rounded-lg border bg-card px-4 py-3 outline-none transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <link.icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-sm">{link.label}</span>
                <span className="mt-0.5 block text-muted-foreground text-xs">{link.description}</span>
              </span>
              <ChevronRightIcon
                className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
        <li className="flex">
          <a
            href="/api/openapi.json"
            className="group flex w-full items-center gap-3 rounded-lg border bg-card px-4 py-3 outline-none transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            <FileCodeIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-sm">OpenAPI document (JSON)</span>
              <span className="mt-0.5 block text-muted-foreground text-xs">
                The machine-readable description of the API, at /api/openapi.json, for generating clients.
              </span>
            </span>
          </a>
        </li>
      </ul>
    </div>
  );
}
