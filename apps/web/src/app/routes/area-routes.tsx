import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { validateAnalyticsSearch } from '@/features/behaviour-analytics/analytics-search';
import { prefetchCard } from '@/features/cards/prefetch-card';
import { validateIncidentListSearch } from '@/features/incidents/incident-list-search';
import { validateInvoiceListSearch } from '@/features/invoices/invoice-list-search';
import { validateNewInvoiceSearch } from '@/features/invoices/wizard/wizard-search';
import { notificationsQueryOptions } from '@/features/notifications/api';
import { participantQueryOptions } from '@/features/participants/api';
import { validateParticipantListSearch } from '@/features/participants/participant-list-search';
import { canReadTeamCards, myWorkPath } from '@/features/team-views/my-work';
import {
  findTeam,
  prefetchTeamWorkItems,
  preloadTeamViewCode,
} from '@/features/team-views/prefetch-team-view';
import { isTeamView } from '@/features/team-views/team-view-parts';
import { teamsQueryOptions } from '@/features/teams/api';
import { isSystemAdminRole } from '@/features/tenants/current-role';
import { validateTimesheetSearch } from '@/features/time/timesheet-search';
import { firstDrawingWaitMs, waitBriefly } from '@/lib/wait-briefly';
import { requireVerified } from '../guards';
import { HomeRedirect } from '../home-redirect';
import { tenantRoute } from './base-routes';
import { pageNotFound } from './page-not-found';
import { cardPagePath, teamPagePath, teamViewPath } from './page-paths';

/**
 * The pages inside the shell (spec shell section 2, route table). Every page is its own lazily
 * loaded module, so each area is a chunk of its own. Anything still to be built says "Coming Soon"
 * through features/placeholders/coming-soon.tsx, the one wording for it.
 */

/** Loads the tenant's teams and checks the route's team exists. */
async function requireTeam(context: { queryClient: QueryClient; tenant: { id: string } }, slugOrId: string) {
  const teams = await context.queryClient.ensureQueryData(teamsQueryOptions(context.tenant.id));
  const team = findTeam(teams, slugOrId);
  if (!team) pageNotFound();
  return team;
}

const indexRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/',
  component: HomeRedirect,
});

const inboxRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/inbox',
  // The notifications are read beside the page's code, not once it has arrived and drawn (issue 19:
  // the inbox's largest paint is its first notification). Nothing waits here.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(notificationsQueryOptions(context.tenant.id));
  },
  component: lazyRouteComponent(() => import('@/features/inbox/inbox-page'), 'InboxPage'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/dashboard',
  component: lazyRouteComponent(() => import('@/features/dashboard/dashboard-page'), 'DashboardPage'),
});

// My Work across every team the person works in (issue 18 item 6; features/team-views/my-work.ts).
const myWorkRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/my-work',
  // Someone who reads no team's cards (a family guardian) has no work here: the inbox, as the bar links it.
  loader: async ({ context }) => {
    const teams = await context.queryClient.ensureQueryData(teamsQueryOptions(context.tenant.id));
    if (myWorkPath(teams) === '/inbox') throw redirect({ to: '/inbox', replace: true });
  },
  component: lazyRouteComponent(() => import('@/features/team-views/my-work-page'), 'MyWorkPage'),
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const teamRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: teamPagePath,
  loader: async ({ context, params, location }) => {
    // My Work in one team (/my-teams/{teamId}/list) of a team the user does not see, or whose cards
    // they may not read: their work across their teams (features/team-views/my-work.ts), else the
    // inbox (spec shell section 2).
    if (uuidPattern.test(params.teamSlug) && location.pathname.endsWith('/list')) {
      const teams = await context.queryClient.ensureQueryData(teamsQueryOptions(context.tenant.id));
      const named = teams.find((team) => team.id === params.teamSlug);
      if (!named || !canReadTeamCards(named)) throw redirect({ to: myWorkPath(teams), replace: true });
    }
    return requireTeam(context, params.teamSlug);
  },
});

const teamIndexRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/my-teams/$teamSlug/$view',
      params: { teamSlug: params.teamSlug, view: 'work-board' },
      replace: true,
    });
  },
});

const teamViewRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: teamViewPath,
  // The list opened on the overdue cards (`?overdue=true`, as the dashboard links it).
  validateSearch: (search: Record<string, unknown>): { overdue?: true } =>
    search.overdue === true || search.overdue === 'true' ? { overdue: true } : {},
  beforeLoad: ({ params }) => {
    if (!isTeamView(params.view)) pageNotFound();
  },
  // The team's work items are read beside the page's code, not after it has loaded and drawn (issue
  // 19: a board of 10,000 cards asked only once two chunks had arrived). The page reads the same
  // query. A hover (the router's preload) reads nothing: a big team is megabytes. The work items are
  // not waited for (a big team's take a while); the view's own code is, briefly.
  loader: async ({ context, params, preload }) => {
    if (preload) return;
    const viewCode = preloadTeamViewCode(params.view);
    // The team route's own loader says what a missing team or a failed read of the teams is.
    const teams = await context.queryClient
      .ensureQueryData(teamsQueryOptions(context.tenant.id))
      .catch(() => undefined);
    prefetchTeamWorkItems(context.queryClient, {
      tenantId: context.tenant.id,
      teams,
      teamSlug: params.teamSlug,
      view: params.view,
    });
    // Drawn before its view's code had run, the page's first drawing had 'Loading...' where the view
    // goes, and its heading came a drawing later (issue 19: the board's warm largest paint).
    if (viewCode) await waitBriefly(viewCode, firstDrawingWaitMs);
  },
  component: lazyRouteComponent(() => import('@/features/team-views/team-view-page'), 'TeamViewPage'),
});

const bspRoute = createRoute({ getParentRoute: () => teamRoute, path: 'bsp' });

const bspHomeRoute = createRoute({
  getParentRoute: () => bspRoute,
  path: '/',
  component: lazyRouteComponent(() => import('@/features/behaviour-support/bsp-home-page'), 'BspHomePage'),
});

const bspNewRoute = createRoute({
  getParentRoute: () => bspRoute,
  path: 'new',
  component: lazyRouteComponent(() => import('@/features/behaviour-support/bsp-new-page'), 'BspNewPage'),
});

const bspPlanRoute = createRoute({
  getParentRoute: () => bspRoute,
  path: '$planId',
  component: lazyRouteComponent(
    () => import('@/features/behaviour-support/bsp-overview-page'),
    'BspOverviewPage',
  ),
});

const bspEditRoute = createRoute({
  getParentRoute: () => bspRoute,
  path: '$planId/edit',
  component: lazyRouteComponent(
    () => import('@/features/behaviour-support/bsp-editor-page'),
    'BspEditorPage',
  ),
});

const restrictivePracticesRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: 'restrictive-practices',
  component: lazyRouteComponent(
    () => import('@/features/restrictive-practices/restrictive-practices-page'),
    'RestrictivePracticesPage',
  ),
});

const handbookRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/handbook',
  component: lazyRouteComponent(() => import('@/features/docs/handbook-page'), 'HandbookPage'),
});

// Participant records need a verified account (spec shell section 2; DESIGN.md section 5).
const participantsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/participants',
  beforeLoad: ({ context, location }) => requireVerified(context.me, location),
});

const participantsIndexRoute = createRoute({
  getParentRoute: () => participantsRoute,
  path: '/',
  validateSearch: validateParticipantListSearch,
  component: lazyRouteComponent(
    () => import('@/features/participants/participants-page'),
    'ParticipantsPage',
  ),
});

const newParticipantRoute = createRoute({
  getParentRoute: () => participantsRoute,
  path: 'new',
  component: lazyRouteComponent(
    () => import('@/features/participants/participant-form-pages'),
    'NewParticipantPage',
  ),
});

/**
 * Loads the participant with the page's code. Each read of a participant is audited, so a link
 * merely hovered (the router's preload) reads nothing; a participant that cannot be read is the
 * page's to explain (not found, or no longer theirs to see).
 */
async function loadParticipant(context: { queryClient: QueryClient; tenant: { id: string } }, id: string) {
  await context.queryClient
    .ensureQueryData(participantQueryOptions(context.tenant.id, id))
    .catch(() => undefined);
}

const participantRoute = createRoute({
  getParentRoute: () => participantsRoute,
  path: '$participantId',
  loader: ({ context, params, preload }) =>
    preload ? undefined : loadParticipant(context, params.participantId),
  component: lazyRouteComponent(
    () => import('@/features/participants/participant-detail-page'),
    'ParticipantDetailPage',
  ),
});

const editParticipantRoute = createRoute({
  getParentRoute: () => participantsRoute,
  path: '$participantId/edit',
  loader: ({ context, params, preload }) =>
    preload ? undefined : loadParticipant(context, params.participantId),
  component: lazyRouteComponent(
    () => import('@/features/participants/participant-form-pages'),
    'EditParticipantPage',
  ),
});

const auditPacksRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/audit-packs',
  beforeLoad: ({ context, location }) => requireVerified(context.me, location),
  component: lazyRouteComponent(() => import('@/features/audit-packs/audit-packs-page'), 'AuditPacksPage'),
});

const behaviorAnalyticsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/behavior-analytics',
  beforeLoad: ({ context, location }) => requireVerified(context.me, location),
  // The period (?period=12m, or custom from/to) is shared by the all-teams and the team page.
  validateSearch: validateAnalyticsSearch,
});

const behaviorAnalyticsComponent = lazyRouteComponent(
  () => import('@/features/behaviour-analytics/behaviour-analytics-page'),
  'BehaviourAnalyticsPage',
);

const behaviorAnalyticsIndexRoute = createRoute({
  getParentRoute: () => behaviorAnalyticsRoute,
  path: '/',
  component: behaviorAnalyticsComponent,
});

const behaviorAnalyticsTeamRoute = createRoute({
  getParentRoute: () => behaviorAnalyticsRoute,
  path: '$teamSlug',
  loader: ({ context, params }) => requireTeam(context, params.teamSlug),
  component: behaviorAnalyticsComponent,
});

const invoicesRoute = createRoute({ getParentRoute: () => tenantRoute, path: '/invoices' });

const invoicesIndexRoute = createRoute({
  getParentRoute: () => invoicesRoute,
  path: '/',
  validateSearch: validateInvoiceListSearch,
  component: lazyRouteComponent(() => import('@/features/invoices/invoices-page'), 'InvoicesPage'),
});

const newInvoiceRoute = createRoute({
  getParentRoute: () => invoicesRoute,
  path: 'new',
  validateSearch: validateNewInvoiceSearch,
  component: lazyRouteComponent(
    () => import('@/features/invoices/wizard/new-invoice-page'),
    'NewInvoicePage',
  ),
});

const invoiceRoute = createRoute({
  getParentRoute: () => invoicesRoute,
  path: '$invoiceId',
  component: lazyRouteComponent(() => import('@/features/invoices/invoice-detail-page'), 'InvoiceDetailPage'),
});

const approvalsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/approvals/invoices',
  component: lazyRouteComponent(
    () => import('@/features/invoices/approvals/approvals-page'),
    'ApprovalsPage',
  ),
});

const myInvoicesRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/my/invoices',
  component: lazyRouteComponent(
    () => import('@/features/invoices/my-invoices/my-invoices-page'),
    'MyInvoicesPage',
  ),
});

const financeTaxInvoicesRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/finance-tax-invoices',
  beforeLoad: () => {
    throw redirect({ to: '/invoices', replace: true });
  },
});

const timesheetRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/timesheet',
  validateSearch: validateTimesheetSearch,
  component: lazyRouteComponent(() => import('@/features/time/timesheet-page'), 'TimesheetPage'),
});

const incidentsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/incidents',
  validateSearch: validateIncidentListSearch,
  component: lazyRouteComponent(() => import('@/features/incidents/incidents-page'), 'IncidentsPage'),
});

// Registered only for system admins (spec shell section 2): everyone else gets the not-found page.
const templatesRulesRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/templates-rules',
  beforeLoad: ({ context }) => {
    if (!isSystemAdminRole(context.me.platformRole)) pageNotFound();
  },
  component: lazyRouteComponent(
    () => import('@/features/templates-rules/templates-rules-page'),
    'TemplatesRulesPage',
  ),
});

const teamsConfigRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/teams-config',
  component: lazyRouteComponent(() => import('@/features/team-config/teams-config-page'), 'TeamsConfigPage'),
});

const teamsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/teams',
  component: lazyRouteComponent(() => import('@/features/teams/teams-page'), 'TeamsPage'),
});

const teamsListRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/teams/list',
  component: lazyRouteComponent(() => import('@/features/teams/teams-page'), 'TeamsListPage'),
});

/** The teams the person works in (issue 18); /teams lists every team they can see. */
const myTeamsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/my-teams',
  component: lazyRouteComponent(() => import('@/features/teams/teams-page'), 'MyTeamsPage'),
});

const meetingRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/meeting',
  component: lazyRouteComponent(() => import('@/features/meeting-reviews/meeting-page'), 'MeetingPage'),
});

const cardDetailComponent = lazyRouteComponent(
  () => import('@/features/cards/card-detail-page'),
  'CardDetailPage',
);

// The card routes' loaders start reading the card and its template beside the page's code, on a
// hover or focus of a card link as well as when it is followed (features/cards/prefetch-card.ts says
// why that is safe). A followed link waits briefly for them (a card read on the link's hover is at
// hand already): the app's first page is drawn once with its card, not first as 'Loading card...' and
// then again whole (issue 19: the warm largest paint of /card/{id}); a card opened from another page
// is drawn in the background, in slices (card-detail-page.tsx says why). A slow read leaves the page's
// own loading state to show.
function readCard(
  context: { queryClient: QueryClient; tenant: { id: string } },
  cardId: string,
  preload: boolean,
) {
  const reading = prefetchCard(context.queryClient, context.tenant.id, cardId);
  return preload ? undefined : waitBriefly(reading, firstDrawingWaitMs);
}

const cardRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: cardPagePath,
  loader: ({ context, params, preload }) => readCard(context, params.cardId, preload),
  component: cardDetailComponent,
});

const tenantCardRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/t/$scope/card/$cardId',
  // A card of another of the user's organisations is read once the page has switched to it.
  loader: ({ context, params, preload }) =>
    params.scope === context.tenant.id || params.scope === context.tenant.slug
      ? readCard(context, params.cardId, preload)
      : undefined,
  component: cardDetailComponent,
});

const adminFilesRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/admin/files',
  component: lazyRouteComponent(() => import('@/features/files/file-storage-page'), 'FileStoragePage'),
});

const documentationRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/documentation',
  component: lazyRouteComponent(() => import('@/features/docs/documentation-page'), 'DocumentationPage'),
});

export const areaRoutes = [
  indexRoute,
  inboxRoute,
  dashboardRoute,
  myWorkRoute,
  teamRoute.addChildren([
    teamIndexRoute,
    teamViewRoute,
    bspRoute.addChildren([bspHomeRoute, bspNewRoute, bspPlanRoute, bspEditRoute]),
    restrictivePracticesRoute,
  ]),
  handbookRoute,
  participantsRoute.addChildren([
    participantsIndexRoute,
    newParticipantRoute,
    participantRoute,
    editParticipantRoute,
  ]),
  auditPacksRoute,
  behaviorAnalyticsRoute.addChildren([behaviorAnalyticsIndexRoute, behaviorAnalyticsTeamRoute]),
  invoicesRoute.addChildren([invoicesIndexRoute, newInvoiceRoute, invoiceRoute]),
  approvalsRoute,
  myInvoicesRoute,
  financeTaxInvoicesRoute,
  timesheetRoute,
  incidentsRoute,
  templatesRulesRoute,
  teamsConfigRoute,
  teamsRoute,
  teamsListRoute,
  myTeamsRoute,
  meetingRoute,
  cardRoute,
  tenantCardRoute,
  adminFilesRoute,
  documentationRoute,
] as const;
