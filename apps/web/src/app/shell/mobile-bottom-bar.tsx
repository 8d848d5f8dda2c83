import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { EllipsisIcon, HouseIcon, ListTodoIcon, PlusIcon, SearchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { myWorkPath } from '@/features/team-views/my-work';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { cn } from '@/lib/cn';
import { openGlobalSearch } from '@/lib/global-events';
import { useSidebar } from '@/ui/sidebar';
import { keepClearOfToasts } from '@/ui/toast-clearance';
import { QuickAddMenu } from './quick-add-menu';

const itemClass =
  'flex h-full min-w-0 flex-1 flex-col items-center justify-center gap-0.5 rounded-md text-[0.6875rem] font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:text-accent-foreground [&_svg]:size-5';

function BarLink({ to, isActive, children }: { to: string; isActive: boolean; children: ReactNode }) {
  return (
    <Link to={to} className={itemClass} aria-current={isActive ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/**
 * The phones' bottom bar (spec shell section 2; hidden from the md breakpoint up): Home (/inbox),
 * My Work (the caller's own work across their teams, or /inbox when they read no team's cards), Quick Add, Search
 * and More, which opens the navigation.
 */
export function MobileBottomBar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenant.id));
  const { toggleSidebar, isMobile, openMobile } = useSidebar();
  // My Work covers every team the caller works in (features/team-views/my-work.ts).
  const myWork = myWorkPath(teams.data ?? []);

  return (
    <nav
      // Toasts rise above the bar rather than cover it (ui/toast-clearance.ts).
      ref={keepClearOfToasts}
      id="mobile-navigation"
      aria-label="Mobile"
      tabIndex={-1}
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] outline-none backdrop-blur supports-[backdrop-filter]:bg-background/85 md:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-md items-stretch gap-1 px-2 py-1.5">
        <li className="flex flex-1">
          <BarLink to="/inbox" isActive={pathname === '/inbox'}>
            <HouseIcon aria-hidden="true" />
            Home
          </BarLink>
        </li>
        <li className="flex flex-1">
          <BarLink to={myWork} isActive={myWork !== '/inbox' && pathname === myWork}>
            <ListTodoIcon aria-hidden="true" />
            My Work
          </BarLink>
        </li>
        <li className="flex flex-1 items-center justify-center">
          <QuickAddMenu side="top" align="center">
            <button
              type="button"
              className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-md outline-none transition-colors hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              aria-label="Quick Add"
              data-testid="mobile-quick-add"
            >
              <PlusIcon className="size-6" aria-hidden="true" />
            </button>
          </QuickAddMenu>
        </li>
        <li className="flex flex-1">
          <button type="button" className={itemClass} onClick={openGlobalSearch}>
            <SearchIcon aria-hidden="true" />
            Search
          </button>
        </li>
        <li className="flex flex-1">
          <button
            type="button"
            className={cn(itemClass)}
            onClick={toggleSidebar}
            aria-expanded={isMobile ? openMobile : undefined}
            aria-controls={isMobile ? undefined : 'app-navigation'}
          >
            <EllipsisIcon aria-hidden="true" />
            More
          </button>
        </li>
      </ul>
    </nav>
  );
}
