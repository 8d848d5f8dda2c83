import { getRouteApi, Link } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { cn } from '@/lib/cn';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { LoadingStatus } from '@/ui/query-status';
import { ApprovalsView } from './approvals-view';
import { MyWeekView } from './my-week-view';
import { weekStartOf } from './timesheet-search';
import { useTenantClock } from './use-tenant-clock';

const route = getRouteApi('/signed-in/tenant/timesheet');

/**
 * /timesheet (issue 14 part 6): the person's week, and for team leads and admins an Approvals tab
 * with their teams' submitted entries. The week and the tab live in the address.
 */
export function TimesheetPage() {
  useDocumentTitle('Timesheet');
  const search = route.useSearch();
  const tenantId = useCurrentTenantId();
  const { role } = useCurrentRole();
  const canApprove = can(role, 'approve:time');
  const canTrack = can(role, 'write:time');
  const clock = useTenantClock(tenantId ?? '');
  // Renewed every minute, so a page left open past midnight moves 'today' and this week on.
  useNow(60_000);
  const isApprovals = canApprove && search.tab === 'approvals';

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl tracking-tight">Timesheet</h1>
      {canApprove ? (
        <nav aria-label="Timesheet views" className="-mt-2 flex gap-1 border-b">
          <TabLink isCurrent={!isApprovals} search={{ week: search.week }}>
            My Week
          </TabLink>
          <TabLink isCurrent={isApprovals} search={{ tab: 'approvals' }}>
            Approvals
          </TabLink>
        </nav>
      ) : null}
      {!canTrack && !canApprove ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
          You do not record time in this organisation. Support workers, practitioners and team leads keep
          their timesheets here.
        </p>
      ) : !tenantId || !clock.isReady ? (
        <LoadingStatus>Loading the timesheet...</LoadingStatus>
      ) : isApprovals ? (
        <ApprovalsView tenantId={tenantId} />
      ) : (
        <MyWeekView
          tenantId={tenantId}
          today={clock.now().date}
          weekStart={search.week ?? weekStartOf(clock.now().date)}
        />
      )}
    </div>
  );
}

function TabLink({
  isCurrent,
  search,
  children,
}: {
  isCurrent: boolean;
  search: { week?: string; tab?: 'approvals' };
  children: string;
}) {
  return (
    <Link
      to="/timesheet"
      search={search}
      aria-current={isCurrent ? 'page' : undefined}
      className={cn(
        '-mb-px border-b-2 px-3 py-2 font-medium text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isCurrent
          ? 'border-primary text-foreground'
          : 'border-transparent text-muted-foreground hover:text-foreground',
      )}
    >
      {children}
    </Link>
  );
}
