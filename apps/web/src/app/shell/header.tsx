import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LogOutIcon, MenuIcon, PanelLeftIcon, PlusIcon, SearchIcon, SettingsIcon } from 'lucide-react';
import { meQueryOptions } from '@/features/auth/api';
import { useLogout } from '@/features/auth/use-logout';
import { preloadGlobalSearch } from '@/features/search/global-search-dialog';
import { WorkItemSearchBox } from '@/features/search/work-item-search-box';
import { PresenceIndicator } from '@/features/teams-tab/teams-tab';
import { TenantSwitcher } from '@/features/tenants/tenant-switcher';
import { TimerSlot } from '@/features/time/timer-slot';
import { openGlobalSearch } from '@/lib/global-events';
import { personInitials } from '@/lib/person-initials';
import { Button } from '@/ui/button';
import { LazyTooltip } from '@/ui/lazy-tooltip';
import { useSidebar } from '@/ui/sidebar';
import { WattleMark } from '../wattle-logo';
import { QuickAddMenu } from './quick-add-menu';

const isApplePlatform = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
const modifierKey = isApplePlatform ? '⌘' : 'Ctrl';

/** Opens the sheet on phones, collapses or expands the sidebar elsewhere (Ctrl/Cmd+B does the same). */
function SidebarToggle({ hasSidebar }: { hasSidebar: boolean }) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  if (isMobile) {
    return (
      <Button
        variant="ghost"
        size="icon"
        onClick={toggleSidebar}
        aria-label="Open navigation"
        aria-expanded={openMobile}
        data-testid="sidebar-toggle"
      >
        <MenuIcon aria-hidden="true" />
      </Button>
    );
  }
  if (!hasSidebar) return null;
  return (
    <LazyTooltip side="bottom" content={`${open ? 'Collapse' : 'Expand'} sidebar (${modifierKey}+B)`}>
      <Button
        variant="ghost"
        size="icon"
        onClick={toggleSidebar}
        aria-label="Toggle sidebar"
        aria-expanded={open}
        aria-controls="app-navigation"
        aria-keyshortcuts="Control+B Meta+B"
        data-testid="sidebar-toggle"
      >
        <PanelLeftIcon aria-hidden="true" />
      </Button>
    </LazyTooltip>
  );
}

function UserBadge() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span className="relative hidden @min-[40rem]:block">
        <span
          className="flex size-8 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground text-xs"
          aria-hidden="true"
        >
          {personInitials(me.name)}
        </span>
        <span className="-right-0.5 -bottom-0.5 absolute">
          <PresenceIndicator />
        </span>
      </span>
      <span
        className="sr-only max-w-[10rem] truncate font-medium text-sm @min-[80rem]:not-sr-only"
        data-testid="current-user"
      >
        {me.name}
      </span>
    </div>
  );
}

/**
 * The top bar (spec shell section 2): the sidebar toggle, the tenant switcher, the work-item search
 * box, Search, the running timer, Quick Add, Settings, the user and Log out. On phones Quick Add moves to the bottom bar.
 * What shows is decided by the bar's own width in rem (container queries), not the window's: with a
 * larger text size every control is wider, so the labels and the name give way sooner and the bar
 * never runs off the screen (issue 18).
 */
export function AppHeader({ hasSidebar }: { hasSidebar: boolean }) {
  const logout = useLogout();
  return (
    <header className="sticky top-0 z-30 h-(--header-height) shrink-0 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="@container flex h-full items-center gap-1 px-2 sm:gap-2 sm:px-3">
        <SidebarToggle hasSidebar={hasSidebar} />
        <Link
          to="/inbox"
          className="hidden shrink-0 items-center gap-2 rounded-md px-1 font-semibold text-lg tracking-tight @min-[40rem]:flex"
          aria-label="Wattle home"
        >
          <WattleMark className="size-7" />
          <span className="hidden @min-[64rem]:inline">Wattle</span>
        </Link>
        <span className="mx-1 hidden h-6 w-px shrink-0 bg-border @min-[40rem]:block" aria-hidden="true" />
        <TenantSwitcher className="max-w-[18rem] flex-1 @min-[40rem]:flex-initial" />

        <div className="ml-auto flex min-w-0 items-center gap-1 @min-[40rem]:gap-2">
          {/* Tablets and up; phones reach search through the Search button and the bottom bar. */}
          <WorkItemSearchBox className="hidden min-w-0 shrink w-48 @min-[48rem]:block @min-[64rem]:w-64 @min-[80rem]:w-80" />
          <Button
            variant="outline"
            className="size-9 justify-start border-transparent px-0 text-muted-foreground shadow-none @min-[40rem]:w-auto @min-[40rem]:border-input @min-[40rem]:px-3 @min-[40rem]:shadow-xs @min-[64rem]:w-56"
            onClick={openGlobalSearch}
            onPointerEnter={preloadGlobalSearch}
            onFocus={preloadGlobalSearch}
            aria-keyshortcuts="Control+K Meta+K /"
          >
            <SearchIcon aria-hidden="true" className="mx-auto @min-[40rem]:mx-0" />
            <span className="sr-only @min-[40rem]:not-sr-only">Search</span>
            <kbd className="ml-auto hidden rounded border bg-muted px-1.5 font-mono text-[0.6875rem] @min-[64rem]:inline">
              {modifierKey} K
            </kbd>
          </Button>
          {/* The running timer's chip (issue 14 part 5), shown while a timer runs. */}
          <TimerSlot />
          <QuickAddMenu>
            <Button className="hidden @min-[40rem]:inline-flex" data-testid="quick-add">
              <PlusIcon aria-hidden="true" />
              <span className="sr-only @min-[64rem]:not-sr-only">Quick Add</span>
            </Button>
          </QuickAddMenu>
          <LazyTooltip side="bottom" content="Settings">
            <Button variant="ghost" size="icon" asChild>
              <Link to="/settings" aria-label="Settings">
                <SettingsIcon aria-hidden="true" />
              </Link>
            </Button>
          </LazyTooltip>
          <UserBadge />
          <Button
            variant="ghost"
            className="size-9 px-0 @min-[80rem]:w-auto @min-[80rem]:px-3"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            <LogOutIcon aria-hidden="true" />
            <span className="sr-only @min-[80rem]:not-sr-only">Log out</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
