import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import type { Team } from '@wattle/domain/teams/schemas';
import {
  ChevronDownIcon,
  HandHeartIcon,
  InboxIcon,
  LayoutDashboardIcon,
  ListTodoIcon,
  type LucideIcon,
  UsersIcon,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { teamPlansQueryOptions } from '@/features/behaviour-support/api';
import { sharedPlanTeams } from '@/features/behaviour-support/shared-plan-teams';
import { useFavorites } from '@/features/favorites/use-favorites';
import { useUnreadCount } from '@/features/notifications/use-unread-count';
import { canAnywhere, useParticipantAccess } from '@/features/participants/participant-access';
import { myWorkPath } from '@/features/team-views/my-work';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { useTenantFeatures } from '@/features/tenants/tenant-features';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { Button } from '@/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/ui/collapsible';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/ui/sidebar';
import { Skeleton } from '@/ui/skeleton';
import { WattleLogo } from '../wattle-logo';
import { administrationLinksFor } from './administration-links';
import { navIcon } from './nav-icons';
import { type SidebarSectionId, useCollapsedSections } from './sidebar-sections';

/**
 * The app's sidebar (spec shell sections 2 and 6): Inbox with its unread count, Summary, My Work, and the
 * Favourites, Teams, Participants and Administration sections, each collapsible and remembered; a
 * family guardian gets Inbox and the plans shared with them.
 */

function usePathname(): string {
  return useRouterState({ select: (state) => state.location.pathname });
}

function isAt(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** True while the sidebar shows icons only (collapsed on a tablet or desktop). */
function useIsIconOnly(): boolean {
  const { state, isMobile } = useSidebar();
  return state === 'collapsed' && !isMobile;
}

function NavLink({
  to,
  label,
  icon: Icon,
  isActive,
  onNavigate,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  isActive: boolean;
  onNavigate?: () => void;
}) {
  return (
    <SidebarMenuButton asChild isActive={isActive} tooltip={label}>
      <Link to={to} onClick={onNavigate} aria-current={isActive ? 'page' : undefined}>
        <Icon aria-hidden="true" />
        <span>{label}</span>
      </Link>
    </SidebarMenuButton>
  );
}

function SidebarSection({
  id,
  title,
  children,
}: {
  id: SidebarSectionId;
  title: string;
  children: ReactNode;
}) {
  const { isCollapsed, setCollapsed } = useCollapsedSections();
  const isIconOnly = useIsIconOnly();
  const headingId = `sidebar-section-${id}`;

  // Collapsed to icons there is no room for headings: every section shows its icons.
  if (isIconOnly) {
    return (
      <SidebarGroup data-section={id} className="border-t pt-2">
        <SidebarMenu aria-label={title}>{children}</SidebarMenu>
      </SidebarGroup>
    );
  }

  const isOpen = !isCollapsed(id);
  return (
    <Collapsible open={isOpen} onOpenChange={(open) => setCollapsed(id, !open)} asChild>
      <SidebarGroup data-section={id}>
        <SidebarGroupLabel asChild>
          <CollapsibleTrigger id={headingId} className="hover:bg-accent hover:text-accent-foreground">
            <span className="flex-1">{title}</span>
            <ChevronDownIcon
              className={`transition-transform duration-200 ${isOpen ? '' : '-rotate-90'}`}
              aria-hidden="true"
            />
          </CollapsibleTrigger>
        </SidebarGroupLabel>
        <CollapsibleContent>
          <SidebarGroupContent>
            <SidebarMenu aria-labelledby={headingId}>{children}</SidebarMenu>
          </SidebarGroupContent>
        </CollapsibleContent>
      </SidebarGroup>
    </Collapsible>
  );
}

/** A line of muted text inside a section (empty lists, errors); hidden when collapsed to icons. */
function SectionNote({ children }: { children: ReactNode }) {
  return (
    <li className="px-2 py-1 text-muted-foreground text-xs group-data-[collapsible=icon]/sidebar:hidden">
      {children}
    </li>
  );
}

function LoadingRows() {
  return (
    <>
      {[0, 1].map((row) => (
        <li key={row} className="flex h-8 items-center gap-2 px-2">
          <Skeleton className="size-4 shrink-0" />
          <Skeleton className="h-3 flex-1 group-data-[collapsible=icon]/sidebar:hidden" />
        </li>
      ))}
    </>
  );
}

function InboxItem({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const unread = useUnreadCount();
  const isActive = isAt(pathname, '/inbox');
  const label = unread > 0 ? `Inbox, ${unread} unread` : 'Inbox';
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={isActive} tooltip={label} className={unread > 0 ? 'pr-9' : ''}>
        <Link to="/inbox" onClick={onNavigate} aria-current={isActive ? 'page' : undefined}>
          <InboxIcon aria-hidden="true" />
          <span>
            Inbox
            {unread > 0 ? <span className="sr-only">, {unread} unread</span> : null}
          </span>
        </Link>
      </SidebarMenuButton>
      {unread > 0 ? (
        <SidebarMenuBadge aria-hidden="true" data-testid="inbox-unread-badge">
          {unread > 99 ? '99+' : unread}
        </SidebarMenuBadge>
      ) : null}
    </SidebarMenuItem>
  );
}

/** My Work (issue 18 item 6): the person's cards across their teams, for those who read a team's cards. */
function MyWorkItem({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenant.id));
  if (myWorkPath(teams.data ?? []) !== '/my-work') return null;
  return (
    <SidebarMenuItem>
      <NavLink
        to="/my-work"
        label="My Work"
        icon={ListTodoIcon}
        isActive={pathname === '/my-work'}
        onNavigate={onNavigate}
      />
    </SidebarMenuItem>
  );
}

function FavoritesSection({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const { favorites, isLoading, recordAccess } = useFavorites();
  const isIconOnly = useIsIconOnly();
  // Collapsed to icons, an empty section would be a bare divider.
  if (isIconOnly && favorites.length === 0) return null;
  return (
    <SidebarSection id="favorites" title="Favourites">
      {isLoading && favorites.length === 0 ? <LoadingRows /> : null}
      {!isLoading && favorites.length === 0 ? (
        <SectionNote>Pin a page with the bookmark beside its breadcrumbs.</SectionNote>
      ) : null}
      {favorites.map((favorite) => (
        <SidebarMenuItem key={favorite.id}>
          <NavLink
            to={favorite.path}
            label={favorite.label}
            icon={navIcon(favorite.iconName)}
            isActive={pathname === favorite.path}
            onNavigate={() => {
              recordAccess(favorite.path);
              onNavigate();
            }}
          />
        </SidebarMenuItem>
      ))}
    </SidebarSection>
  );
}

function TeamsSection({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenant.id));
  // Archived teams stay on the Teams page; the sidebar lists the ones people work in.
  const activeTeams = (teams.data ?? []).filter((team: Team) => team.status === 'active');
  return (
    <SidebarSection id="teams" title="Teams">
      {teams.isPending ? <LoadingRows /> : null}
      {teams.isError ? (
        <SectionNote>
          Could not load the teams.{' '}
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0 text-xs"
            onClick={() => void teams.refetch()}
          >
            Try again
          </Button>
        </SectionNote>
      ) : null}
      {teams.isSuccess && activeTeams.length === 0 ? <SectionNote>No teams yet.</SectionNote> : null}
      {activeTeams.map((team) => {
        const isActive = isAt(pathname, `/my-teams/${team.slug}`);
        return (
          <SidebarMenuItem key={team.id} data-testid="sidebar-team">
            <SidebarMenuButton asChild isActive={isActive} tooltip={team.name}>
              <Link
                to="/my-teams/$teamSlug/$view"
                params={{ teamSlug: team.slug, view: 'work-board' }}
                onClick={onNavigate}
                aria-current={isActive ? 'page' : undefined}
              >
                <UsersIcon aria-hidden="true" />
                <span>{team.name}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        );
      })}
    </SidebarSection>
  );
}

/**
 * Shared plans (issue 18 item 6): for a family guardian, the behaviour support plans shared with
 * family on each of their teams (the server lists only those to them), each opening its overview.
 */
function SharedPlansSection({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenant.id));
  const planTeams = sharedPlanTeams(teams.data ?? []);
  const plans = useQueries({
    queries: planTeams.map((team) => teamPlansQueryOptions(tenant.id, team.id)),
  });
  if (teams.isSuccess && planTeams.length === 0) return null;
  const isLoading = teams.isPending || plans.some((query) => query.isPending);
  const shared = planTeams.flatMap((team, index) =>
    (plans[index]?.data?.data ?? []).map((plan) => ({ team, plan })),
  );
  return (
    <SidebarSection id="shared-plans" title="Shared plans">
      {isLoading && shared.length === 0 ? <LoadingRows /> : null}
      {plans.some((query) => query.isError) ? (
        <SectionNote>Could not load the shared plans.</SectionNote>
      ) : null}
      {!isLoading && shared.length === 0 ? (
        <SectionNote>No plans are shared with you yet.</SectionNote>
      ) : null}
      {shared.map(({ team, plan }) => {
        const to = `/my-teams/${team.slug}/bsp/${plan.id}`;
        return (
          <SidebarMenuItem key={plan.id} data-testid="sidebar-shared-plan">
            <NavLink
              to={to}
              label={plan.title}
              icon={HandHeartIcon}
              isActive={isAt(pathname, to)}
              onNavigate={onNavigate}
            />
          </SidebarMenuItem>
        );
      })}
    </SidebarSection>
  );
}

/**
 * Participants (issue 13 part 3): a link to the participant list for those who may read participants
 * (read:participants on a team, or tenant-wide); the section is left out for everyone else.
 */
function ParticipantsSection({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  return (
    <SidebarSection id="participants" title="Participants">
      <SidebarMenuItem>
        <NavLink
          to="/participants"
          label="Participants"
          icon={HandHeartIcon}
          isActive={isAt(pathname, '/participants')}
          onNavigate={onNavigate}
        />
      </SidebarMenuItem>
    </SidebarSection>
  );
}

/**
 * Administration (spec shell section 2): only the links whose pages the person may use, by the one
 * permission table (administration-links.ts); with none, the group and its heading are left out.
 */
function AdministrationSection({
  pathname,
  isSystemAdmin,
  onNavigate,
}: {
  pathname: string;
  isSystemAdmin: boolean;
  onNavigate: () => void;
}) {
  const features = useTenantFeatures();
  const { teams, tenantRole } = useParticipantAccess();
  const items = administrationLinksFor({
    // As the pages and the server decide: the permission on any of the person's teams, or tenant-wide.
    holds: (permission) => canAnywhere(teams, tenantRole, permission),
    isSystemAdmin,
    features,
  });
  if (items.length === 0) return null;
  return (
    <SidebarSection id="admin" title="Administration">
      {items.map((item) => (
        <SidebarMenuItem key={item.to}>
          <NavLink
            to={item.to}
            label={item.label}
            icon={navIcon(item.iconName)}
            isActive={isAt(pathname, item.to)}
            onNavigate={onNavigate}
          />
        </SidebarMenuItem>
      ))}
    </SidebarSection>
  );
}

export function AppSidebar() {
  const pathname = usePathname();
  const { isMobile, setOpenMobile } = useSidebar();
  const { role, isSystemAdmin, isFamilyGuardian } = useCurrentRole();
  const features = useTenantFeatures();
  // The highest of the user's roles (tenant-wide or on any team) decides whether any participant is theirs to read.
  const canReadParticipants = can(role, 'read:participants') && features.participantManagement;
  const closeSheet = () => {
    if (isMobile) setOpenMobile(false);
  };

  // A route change (a link, a shortcut, the back button) closes the sheet on phones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change itself is the trigger.
  useEffect(() => {
    setOpenMobile(false);
  }, [pathname, setOpenMobile]);

  return (
    <Sidebar label="Navigation" description="The pages of Wattle you can open." className="max-md:pb-16">
      {isMobile ? (
        <SidebarHeader className="border-b px-4 pb-3">
          <WattleLogo />
        </SidebarHeader>
      ) : null}
      <nav
        id="app-navigation"
        aria-label="Main"
        tabIndex={-1}
        className="flex min-h-0 flex-1 flex-col outline-none"
      >
        <SidebarContent className="py-2">
          <SidebarGroup>
            <SidebarMenu>
              <InboxItem pathname={pathname} onNavigate={closeSheet} />
              {/* The spec empties the list for family guardians: their inbox and the plans shared with them (below) are what they are given.
                  The dashboard is reporting's: hidden while the organisation has it off. */}
              {isFamilyGuardian || !features.reporting ? null : (
                <SidebarMenuItem>
                  {/* The dashboard (issue 16): what needs attention now, for the person's role. */}
                  <NavLink
                    to="/dashboard"
                    label="Summary"
                    icon={LayoutDashboardIcon}
                    isActive={pathname === '/dashboard'}
                    onNavigate={closeSheet}
                  />
                </SidebarMenuItem>
              )}
              <MyWorkItem pathname={pathname} onNavigate={closeSheet} />
            </SidebarMenu>
          </SidebarGroup>
          {isFamilyGuardian ? <SharedPlansSection pathname={pathname} onNavigate={closeSheet} /> : null}
          {isFamilyGuardian ? null : (
            <>
              <FavoritesSection pathname={pathname} onNavigate={closeSheet} />
              <TeamsSection pathname={pathname} onNavigate={closeSheet} />
              {canReadParticipants ? (
                <ParticipantsSection pathname={pathname} onNavigate={closeSheet} />
              ) : null}
              <AdministrationSection
                pathname={pathname}
                isSystemAdmin={isSystemAdmin}
                onNavigate={closeSheet}
              />
            </>
          )}
        </SidebarContent>
      </nav>
    </Sidebar>
  );
}
