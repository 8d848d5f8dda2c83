import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { membershipRoleLabels } from '@wattle/domain/auth/roles';
import { LogOutIcon, ShieldAlertIcon } from 'lucide-react';
import { meQueryOptions } from '@/features/auth/api';
import { useLogout } from '@/features/auth/use-logout';
import { useCurrentTenant } from '@/features/tenants/api';
import { Button } from '@/ui/button';
import { NativeSelect } from '@/ui/native-select';
import { SkipLink } from './skip-link';
import { WattleLogo } from './wattle-logo';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

function TenantSwitcher() {
  const { tenant, tenants, switchTenant } = useCurrentTenant();
  if (tenants.length === 1) {
    return (
      <p className="truncate font-medium text-sm" data-testid="current-tenant">
        <span className="sr-only">Organisation: </span>
        {tenant.name}
      </p>
    );
  }
  return (
    <div className="flex min-w-0 items-center">
      <label htmlFor="tenant-switcher" className="sr-only">
        Organisation
      </label>
      <NativeSelect
        id="tenant-switcher"
        value={tenant.id}
        onChange={(event) => switchTenant(event.target.value)}
        wrapperClassName="w-full max-w-[22rem]"
        className="font-medium"
        data-testid="current-tenant"
      >
        {tenants.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
            {option.role ? ` (${membershipRoleLabels[option.role]})` : ''}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function VerificationBanner() {
  const href = useRouterState({ select: (state) => state.location.href });
  return (
    <div className="border-amber-200 border-b bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <ShieldAlertIcon className="size-4 shrink-0" aria-hidden="true" />
        <p className="flex-1">Your account is not verified yet. Participant records open once it is.</p>
        <Link
          to="/verification-required"
          search={{ redirect: href }}
          className="font-medium underline underline-offset-4 hover:no-underline"
        >
          Verify account
        </Link>
      </div>
    </div>
  );
}

/**
 * The signed-in frame for routes that need a tenant: header with the tenant switcher, the user and
 * Log out. The full shell (sidebar, search, quick add) replaces this in a later issue.
 */
export function TenantLayout() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const logout = useLogout();

  return (
    <div className="flex min-h-svh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:gap-4 sm:px-6">
          <Link to="/inbox" className="shrink-0 rounded-md" aria-label="Wattle home">
            <WattleLogo wordClassName="sr-only sm:not-sr-only" />
          </Link>
          <span className="hidden h-6 w-px shrink-0 bg-border sm:block" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <TenantSwitcher />
          </div>
          <div className="flex shrink-0 items-center gap-3">
            <div className="flex items-center gap-2">
              <span
                className="flex size-8 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground text-xs"
                aria-hidden="true"
              >
                {initials(me.name)}
              </span>
              <span
                className="sr-only max-w-[12rem] truncate font-medium text-sm sm:not-sr-only"
                data-testid="current-user"
              >
                {me.name}
              </span>
            </div>
            <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOutIcon aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Log out</span>
            </Button>
          </div>
        </div>
      </header>
      {me.isVerified ? null : <VerificationBanner />}
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
    </div>
  );
}
