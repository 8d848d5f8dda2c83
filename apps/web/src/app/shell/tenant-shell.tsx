import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { featureOfWebPath } from '@wattle/domain/tenants/features';
import { meQueryOptions } from '@/features/auth/api';
import { LeaveGuard } from '@/features/cards/leave-guard';
import { GlobalModals } from '@/features/global-modals/global-modals';
import { FeatureOffNotice } from '@/features/global-settings/feature-off-notice';
import { LiveUpdates } from '@/features/live/live-updates';
import { NotificationToasts } from '@/features/notifications/notification-toasts';
import { GlobalSearchDialog } from '@/features/search/global-search-dialog';
import { GlobalShortcuts } from '@/features/shortcuts/global-shortcuts';
import { MeetingReviewsBanner } from '@/features/teams-tab/teams-tab';
import { useCurrentTenant } from '@/features/tenants/api';
import { useTenantFeatures } from '@/features/tenants/tenant-features';
import { TenantSwitchSplash } from '@/features/tenants/tenant-switch-splash';
import { useNoteAppPainted } from '@/lib/use-after-first-paint';
import { SidebarProvider, useSidebar } from '@/ui/sidebar';
import { useTeamsTabHomeRedirect } from '../home-redirect';
import { AppSidebar } from './app-sidebar';
import { Breadcrumbs } from './breadcrumbs';
import { AppHeader } from './header';
import { MobileBottomBar } from './mobile-bottom-bar';
import { ShellFooter } from './shell-footer';
import { SkipLinks } from './skip-links';
import { useTenantTheme } from './use-tenant-theme';
import { VerificationBanner } from './verification-banner';

function isSettingsPath(pathname: string): boolean {
  return pathname === '/settings' || pathname.startsWith('/settings/');
}

function ShellFrame() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const { isMobile } = useSidebar();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Settings pages have no sidebar (spec shell section 2); on phones the sheet stays reachable.
  const hasSidebar = !isSettingsPath(pathname);
  // A page of a feature the organisation has turned off says so instead (tenants/features.ts).
  const pageFeature = featureOfWebPath(pathname);
  const features = useTenantFeatures();
  const featureOff = pageFeature && !features[pageFeature] ? pageFeature : null;
  useTenantTheme(tenant);
  useTeamsTabHomeRedirect();

  return (
    <>
      <SkipLinks navigationTarget={hasSidebar ? 'app-navigation' : 'settings-navigation'} />
      <AppHeader hasSidebar={hasSidebar} />
      <div className="flex flex-1">
        {hasSidebar || isMobile ? <AppSidebar /> : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <MeetingReviewsBanner />
          {me.isVerified ? null : <VerificationBanner />}
          <Breadcrumbs />
          <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
            {featureOff ? <FeatureOffNotice feature={featureOff} /> : <Outlet />}
          </main>
          <ShellFooter />
        </div>
      </div>
      <MobileBottomBar />
      <TenantSwitchSplash />
    </>
  );
}

/**
 * The signed-in shell for routes that need a tenant (spec shell section 2, DESIGN.md section 6):
 * header, sidebar, breadcrumbs, the page, footer and the phones' bottom bar, plus the app-wide pieces
 * mounted once: global search, global modals, the guard against leaving with changes that cannot be
 * sent, shortcuts, notification toasts and live updates.
 */
export function TenantShell() {
  useNoteAppPainted();
  return (
    <SidebarProvider>
      <ShellFrame />
      <GlobalSearchDialog />
      <GlobalModals />
      <LeaveGuard />
      <GlobalShortcuts />
      <NotificationToasts />
      <LiveUpdates />
    </SidebarProvider>
  );
}
