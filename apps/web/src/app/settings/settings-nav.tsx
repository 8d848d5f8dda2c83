import { Link, useRouterState } from '@tanstack/react-router';
import { useTenantFeatures } from '@/features/tenants/tenant-features';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { cn } from '@/lib/cn';
import { type SettingsGroup, settingsGroupLabels, settingsLinksFor } from './settings-links';

/** The settings menu, by role (settings-links.ts). A column from md up, a scrolling row on phones. */
export function SettingsNav() {
  const { role } = useCurrentRole();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const links = settingsLinksFor(role, useTenantFeatures());
  const groups = [...new Set(links.map((link) => link.group))] as SettingsGroup[];

  return (
    <nav id="settings-navigation" aria-label="Settings" tabIndex={-1} className="outline-none">
      {/* relative: the group headings, visually hidden on phones, are clipped by this row's scroll
          instead of widening the page. */}
      <div className="relative flex gap-6 overflow-x-auto pb-1 md:flex-col md:overflow-visible md:pb-0">
        {groups.map((group) => (
          <div key={group} className="flex shrink-0 items-center gap-1 md:flex-col md:items-stretch">
            <h2
              id={`settings-group-${group}`}
              className="sr-only font-medium text-muted-foreground text-xs md:not-sr-only md:px-2 md:pb-1"
            >
              {settingsGroupLabels[group]}
            </h2>
            <ul aria-labelledby={`settings-group-${group}`} className="flex gap-1 md:flex-col">
              {links
                .filter((link) => link.group === group)
                .map((link) => {
                  const isCurrent = pathname === link.to;
                  return (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        aria-current={isCurrent ? 'page' : undefined}
                        className={cn(
                          'block whitespace-nowrap rounded-md px-2 py-1.5 text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                          isCurrent ? 'bg-accent font-medium text-accent-foreground' : 'text-foreground',
                        )}
                      >
                        {link.label}
                      </Link>
                    </li>
                  );
                })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
