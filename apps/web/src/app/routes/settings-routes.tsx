import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { teamsQueryOptions } from '@/features/teams/api';
import { roleInTenant } from '@/features/tenants/use-current-role';
import { isOrganisationSettingsPage, seesOrganisationSettings } from '../settings/settings-links';
import { tenantRoute } from './base-routes';
import { pageNotFound } from './page-not-found';

/**
 * /settings and its pages (spec shell section 2): the settings menu instead of the sidebar, the
 * Appearance page from features/preferences, Templates from features/templates/settings, Team
 * Management and Team Configuration from features/team-config, Practitioner Settings from
 * features/staff, Rates from features/rates, Tax Invoice Settings from features/tax-invoice-settings,
 * and each other page from the feature folder of its name.
 */

const settingsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/settings',
  // An organisation's page typed by someone whose menu does not offer it is not found (settings-links.ts).
  beforeLoad: async ({ context, location }) => {
    if (!isOrganisationSettingsPage(location.pathname)) return;
    const teams = await context.queryClient.ensureQueryData(teamsQueryOptions(context.tenant.id));
    if (!seesOrganisationSettings(roleInTenant(context.me, context.tenant, teams))) pageNotFound();
  },
  component: lazyRouteComponent(() => import('../settings/settings-layout'), 'SettingsLayout'),
});

const settingsHomeRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../settings/settings-home'), 'SettingsHome'),
});

const appearanceRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'appearance',
  component: lazyRouteComponent(() => import('@/features/preferences/appearance-page'), 'AppearancePage'),
});

const templatesRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'templates',
  component: lazyRouteComponent(
    () => import('@/features/templates/settings/templates-settings-page'),
    'TemplatesSettingsPage',
  ),
});

/** `?team=<slug>`: the team the management pages show (features/team-config). */
const validateTeamSearch = (search: Record<string, unknown>): { team?: string } =>
  typeof search.team === 'string' && search.team ? { team: search.team } : {};

const teamManagementPage = () => import('@/features/team-config/team-management');

const teamManagementRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'teams',
  validateSearch: validateTeamSearch,
  component: lazyRouteComponent(teamManagementPage, 'TeamManagementSettingsPage'),
});

const teamConfigRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'team-config',
  validateSearch: validateTeamSearch,
  component: lazyRouteComponent(teamManagementPage, 'TeamConfigSettingsPage'),
});

/** `?user=<id>`: whose staff profile (features/staff); the signed-in person's without it. */
const practitionerRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'practitioner',
  validateSearch: (search: Record<string, unknown>): { user?: string } =>
    typeof search.user === 'string' && search.user ? { user: search.user } : {},
  component: lazyRouteComponent(
    () => import('@/features/staff/practitioner-page'),
    'PractitionerSettingsPage',
  ),
});

/** Time codes and the NDIS Support Catalogue (features/rates). */
const ratesRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'user/rates',
  component: lazyRouteComponent(() => import('@/features/rates/rates-settings-page'), 'RatesSettingsPage'),
});

/** The organisation's tax-invoice details, numbering and approvals (features/tax-invoice-settings). */
const taxInvoiceRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'tax-invoice',
  component: lazyRouteComponent(
    () => import('@/features/tax-invoice-settings/tax-invoice-settings-page'),
    'TaxInvoiceSettingsPage',
  ),
});

/** The person's own name, time zone and e-mail (features/user-settings). */
const userRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'user',
  component: lazyRouteComponent(
    () => import('@/features/user-settings/user-settings-page'),
    'UserSettingsPage',
  ),
});

/** In app and/or by e-mail per kind, and the daily digest (features/notification-settings). */
const notificationsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'notifications',
  component: lazyRouteComponent(
    () => import('@/features/notification-settings/notification-settings-page'),
    'NotificationSettingsPage',
  ),
});

/** Links to the handbook and the API document (features/docs). */
const documentationRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'documentation',
  component: lazyRouteComponent(
    () => import('@/features/docs/documentation-settings-page'),
    'DocumentationSettingsPage',
  ),
});

/** Organisations, their usage and platform health, for system admins (features/system-settings). */
const systemRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'system',
  component: lazyRouteComponent(
    () => import('@/features/system-settings/system-settings-page'),
    'SystemSettingsPage',
  ),
});

/** Sign-in, SMTP, file storage and clamd, each with a real test (features/integrations). */
const integrationsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'integrations',
  component: lazyRouteComponent(
    () => import('@/features/integrations/integrations-settings-page'),
    'IntegrationsSettingsPage',
  ),
});

/** Each organisation's feature flags, for global admins (features/global-settings). */
const globalRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'global',
  component: lazyRouteComponent(
    () => import('@/features/global-settings/global-settings-page'),
    'GlobalSettingsPage',
  ),
});

/** The organisation's name, branding, domain, residency, audit retention and plan (features/tenant-settings). */
const tenantSettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'tenant',
  component: lazyRouteComponent(
    () => import('@/features/tenant-settings/tenant-settings-page'),
    'TenantSettingsPage',
  ),
});

/** Sessions, API tokens and the organisation's sign-in rules (features/security-settings). */
const securityRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'security',
  component: lazyRouteComponent(
    () => import('@/features/security-settings/security-settings-page'),
    'SecuritySettingsPage',
  ),
});

const settingsPageRoutes = [
  teamManagementRoute,
  teamConfigRoute,
  practitionerRoute,
  userRoute,
  ratesRoute,
  taxInvoiceRoute,
  notificationsRoute,
  tenantSettingsRoute,
  systemRoute,
  securityRoute,
  integrationsRoute,
  documentationRoute,
  globalRoute,
] as const;

export const settingsRoutes = [
  settingsRoute.addChildren([settingsHomeRoute, appearanceRoute, templatesRoute, ...settingsPageRoutes]),
] as const;
