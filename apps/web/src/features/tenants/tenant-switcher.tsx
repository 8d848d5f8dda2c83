import { useQuery } from '@tanstack/react-query';
import { membershipRoleLabels } from '@wattle/domain/auth/roles';
import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import { CheckIcon, ChevronsUpDownIcon, GlobeIcon, PlusIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { asksTenantUnreadCounts, tenantUnreadCountsQueryOptions } from '@/features/notifications/api';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { LazyDropdownMenu } from '@/ui/lazy-dropdown-menu';
import { ComingSoonBadge } from '../placeholders/coming-soon';
import { useCurrentTenant } from './api';
import { tenantInitials } from './tenant-initials';
import { readableTextOn } from './tenant-theme';

/**
 * The tenant switcher menu (spec shell sections 2 and 6): each organisation with its initials, a
 * Current badge, the user's role, the team count (shared teams for guests) and, for white-label
 * tenants, their custom domain; beside each other organisation, the person's unread count there
 * (and their sum on the trigger), kept fresh by the live feed. Join Organisation does nothing yet and says so ("Coming Soon"). The menu's code loads on first
 * use (`LazyDropdownMenu`), outside the JavaScript every page loads.
 */

function roleLabel(tenant: TenantSummary): string {
  // A system admin inside through an approved access request holds no membership.
  return tenant.role ? membershipRoleLabels[tenant.role] : 'Access Request';
}

function teamCountLabel(tenant: TenantSummary): string {
  if (tenant.role === 'guest') return `${tenant.teamCount} shared`;
  return `${tenant.teamCount} ${tenant.teamCount === 1 ? 'team' : 'teams'}`;
}

/** White-label tenants show their own colour; the others the app's. */
function avatarStyle(tenant: TenantSummary): CSSProperties | undefined {
  if (!tenant.settings.whiteLabel) return undefined;
  return {
    backgroundColor: tenant.settings.primaryColor,
    color: readableTextOn(tenant.settings.primaryColor),
  };
}

/** A white-label tenant's logo (Tenant Settings) stands in for its initials; the name is read beside it. */
function TenantAvatar({ tenant, className }: { tenant: TenantSummary; className?: string }) {
  if (tenant.settings.whiteLabel && tenant.logo) {
    return (
      <span
        aria-hidden="true"
        data-testid="tenant-logo"
        className={cn(
          'flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-white',
          className,
        )}
      >
        <img src={tenant.logo} alt="" className="max-h-full max-w-full object-contain" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      style={avatarStyle(tenant)}
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-md bg-primary font-semibold text-primary-foreground text-xs',
        className,
      )}
    >
      {tenantInitials(tenant.name)}
    </span>
  );
}

/** "3 unread", capped as the inbox badge is. */
function unreadLabel(unread: number): string {
  return `${unread > 99 ? '99+' : unread} unread`;
}

export function TenantSwitcher({ className }: { className?: string }) {
  const { tenant, tenants, switchTenant } = useCurrentTenant();
  // Unread counts of the person's other organisations (the current one's is the Inbox badge).
  const counts =
    useQuery({ ...tenantUnreadCountsQueryOptions(), enabled: asksTenantUnreadCounts(tenants) }).data ?? {};
  const unreadElsewhere = tenants
    .filter((option) => option.id !== tenant.id)
    .reduce((sum, option) => sum + (counts[option.id] ?? 0), 0);

  return (
    <LazyDropdownMenu
      align="start"
      className="w-[22rem] max-w-[calc(100vw-1rem)]"
      trigger={
        <button
          type="button"
          className={cn(
            'flex h-10 min-w-0 items-center gap-2 rounded-lg px-1.5 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-accent',
            className,
          )}
          data-testid="current-tenant"
        >
          <TenantAvatar tenant={tenant} />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-sm leading-tight">
              <span className="sr-only">Organisation: </span>
              {tenant.name}
            </span>
            <span className="hidden truncate text-muted-foreground text-xs leading-tight sm:block">
              {roleLabel(tenant)}
            </span>
          </span>
          {unreadElsewhere > 0 ? (
            <span
              className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 font-medium text-[0.6875rem] text-primary-foreground"
              data-testid="tenant-switcher-unread"
            >
              <span aria-hidden="true">{unreadElsewhere > 99 ? '99+' : unreadElsewhere}</span>
              <span className="sr-only">, {unreadLabel(unreadElsewhere)} in your other organisations</span>
            </span>
          ) : null}
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </button>
      }
    >
      {({ DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator }) => (
        <>
          <DropdownMenuLabel>Organisations</DropdownMenuLabel>
          {tenants.map((option) => {
            const isCurrent = option.id === tenant.id;
            const unread = isCurrent ? 0 : (counts[option.id] ?? 0);
            const domain = option.settings.whiteLabel ? option.settings.customDomain : null;
            return (
              <DropdownMenuItem
                key={option.id}
                className="items-start gap-3 py-2"
                aria-current={isCurrent ? 'true' : undefined}
                data-testid="tenant-option"
                onSelect={() => {
                  if (!isCurrent) void switchTenant(option.id);
                }}
              >
                <TenantAvatar tenant={option} className="mt-0.5" />
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate font-medium">{option.name}</span>
                    {isCurrent ? (
                      <Badge variant="success" className="px-1.5">
                        <CheckIcon aria-hidden="true" />
                        Current
                      </Badge>
                    ) : null}
                  </span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
                    <Badge variant="outline" className="px-1.5 font-normal">
                      {roleLabel(option)}
                    </Badge>
                    <span>{teamCountLabel(option)}</span>
                    {unread > 0 ? (
                      <Badge className="px-1.5" data-testid="tenant-option-unread">
                        {unreadLabel(unread)}
                      </Badge>
                    ) : null}
                  </span>
                  {domain ? (
                    <span className="mt-1 flex items-center gap-1 truncate text-muted-foreground text-xs">
                      <GlobeIcon className="size-3" aria-hidden="true" />
                      <span className="sr-only">Custom domain: </span>
                      {domain}
                    </span>
                  ) : null}
                </span>
              </DropdownMenuItem>
            );
          })}
          <DropdownMenuSeparator />
          {/* Inert, as in the spec: joining happens through an invitation an owner sends. */}
          <DropdownMenuItem disabled className="items-start gap-3 py-2">
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-md border border-dashed"
              aria-hidden="true"
            >
              <PlusIcon className="size-4" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2">
                <span className="font-medium">Join Organisation</span>
                <ComingSoonBadge />
              </span>
              <span className="mt-1 block text-muted-foreground text-xs">
                Until then, ask an organisation’s owner to invite you.
              </span>
            </span>
          </DropdownMenuItem>
        </>
      )}
    </LazyDropdownMenu>
  );
}
