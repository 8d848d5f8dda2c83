import { Link } from '@tanstack/react-router';
import { ChevronRightIcon } from 'lucide-react';
import { useTenantFeatures } from '@/features/tenants/tenant-features';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type SettingsGroup, settingsGroupLabels, settingsLinksFor } from './settings-links';

/** /settings: the settings this user may open, grouped, each with what it holds. */
export function SettingsHome() {
  useDocumentTitle('Settings');
  const { role } = useCurrentRole();
  const links = settingsLinksFor(role, useTenantFeatures());
  const groups = [...new Set(links.map((link) => link.group))] as SettingsGroup[];

  return (
    <div className="flex w-full flex-col gap-8 px-4 py-8 sm:px-6">
      <h1 className="font-semibold text-2xl tracking-tight">Settings</h1>
      {groups.map((group) => (
        <section key={group} aria-labelledby={`settings-home-${group}`} className="flex flex-col gap-3">
          <h2 id={`settings-home-${group}`} className="font-semibold text-lg">
            {settingsGroupLabels[group]}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {links
              .filter((link) => link.group === group)
              .map((link) => (
                <li key={link.to} className="flex">
                  <Link
                    to={link.to}
                    className="group flex w-full items-center gap-3 rounded-lg border bg-card px-4 py-3 outline-none transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  >
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
          </ul>
        </section>
      ))}
    </div>
  );
}
