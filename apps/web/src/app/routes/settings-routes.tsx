import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tenantRoute } from './base-routes';

/**
 * /settings and its pages (spec shell section 2): the settings menu instead of the sidebar, the
 * Appearance page from features/preferences, Templates from features/templates/settings, Team
 * Management and Team Configuration from features/team-config, Practitioner Settings from
 * features/staff, Rates from features/rates, Tax Invoice Settings from features/tax-invoice-settings,
 * the others labelled placeholders for now.
 */

const settingsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/settings',
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

const placeholderPages = () => import('@/features/placeholders/settings-pages');

type SettingsPageExport = keyof Awaited<ReturnType<typeof placeholderPages>>;

/** A settings page from the placeholder module; the path stays a literal type for typed links. */
function settingsPage<TPath extends string>(path: TPath, exportName: SettingsPageExport) {
  return createRoute({
    getParentRoute: () => settingsRoute,
    path,
    component: lazyRouteComponent(placeholderPages, exportName),
  });
}

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

const settingsPageRoutes = [
  teamManagementRoute,
  teamConfigRoute,
  practitionerRoute,
  settingsPage('user', 'UserSettingsPage'),
  ratesRoute,
  taxInvoiceRoute,
  settingsPage('notifications', 'NotificationSettingsPage'),
  // The spec keeps these six as placeholders.
  settingsPage('tenant', 'TenantSettingsPage'),
  settingsPage('system', 'SystemSettingsPage'),
  settingsPage('security', 'SecuritySettingsPage'),
  settingsPage('integrations', 'IntegrationsSettingsPage'),
  settingsPage('documentation', 'DocumentationSettingsPage'),
  settingsPage('global', 'GlobalSettingsPage'),
] as const;

export const settingsRoutes = [
  settingsRoute.addChildren([settingsHomeRoute, appearanceRoute, templatesRoute, ...settingsPageRoutes]),
] as const;
