import { useNavigate } from '@tanstack/react-router';
import {
  type Dashboard,
  type DashboardCards,
  type DashboardDeadlines,
  type DashboardHours,
  type DashboardIncidents,
  type DashboardInvoices,
  type DashboardPlans,
  isAllClear,
} from '@wattle/domain/dashboard/schemas';
import { deadlineKindLabels } from '@wattle/domain/deadlines/schemas';
import { formatCents } from '@wattle/domain/participants/plans';
import {
  AlarmClockIcon,
  CircleCheckIcon,
  ClipboardListIcon,
  ClockIcon,
  type LucideIcon,
  ReceiptTextIcon,
  ShieldAlertIcon,
  SquareCheckBigIcon,
} from 'lucide-react';
import { type ComponentProps, type MouseEvent, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/org-dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadError } from '@/ui/query-status';
import { Skeleton } from '@/ui/skeleton';
import { DeadlineBadge } from '../deadlines/deadline-badge';
import { isModifiedClick } from '../notifications/notification-link';
import { useDashboard } from './api';
import { formatMinutes, hoursTitle, plural } from './dashboard-text';

/**
 * /dashboard (issue 16 item 7): what needs attention now, for the signed-in person's role. Each tile
 * is one list of the app summed up (GET /api/dashboard decides what the caller reads: family
 * guardians get plans only, auditors no hours), its title a link to that list; the counts follow live
 * changes. One column on a phone, two or three on wider screens.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const dashboard = useDashboard();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6">
      <div className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground text-sm">
          What needs attention now
          {dashboard.data ? `, as of ${formatDay(dashboard.data.today)}` : ''}.
        </p>
      </div>
      {dashboard.isError ? (
        <LoadError
          title="Could not load the dashboard"
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
        />
      ) : dashboard.data ? (
        <Tiles dashboard={dashboard.data} />
      ) : (
        <TilesLoading />
      )}
    </div>
  );
}

const grid = 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3';

function TilesLoading() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading the dashboard...
      </p>
      <div className={grid} data-testid="dashboard-loading">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <div key={n} className="flex flex-col gap-3 rounded-xl border bg-card p-5">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-9 w-24" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        ))}
      </div>
    </>
  );
}

function Tiles({ dashboard }: { dashboard: Dashboard }) {
  const { cards, deadlines, plans, incidents, hours, invoices, timeZone } = dashboard;
  return (
    <>
      {isAllClear(dashboard) ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900 text-sm"
          data-testid="all-clear"
        >
          <CircleCheckIcon aria-hidden="true" className="size-4 shrink-0" />
          All clear: nothing is overdue or due in the next 7 days, and nothing is waiting for you.
        </p>
      ) : null}
      <div className={grid} data-testid="dashboard-tiles">
        {cards ? <CardsTile tile={cards} /> : null}
        {deadlines ? <DeadlinesTile tile={deadlines} timeZone={timeZone} /> : null}
        {plans ? <PlansTile tile={plans} /> : null}
        {incidents ? <IncidentsTile tile={incidents} /> : null}
        {hours ? <HoursTile tile={hours} /> : null}
        {invoices ? <InvoicesTile tile={invoices} /> : null}
      </div>
    </>
  );
}

/** A link to a page of the app by its path (with its query), followed in the app without a reload. */
function AppLink({
  href,
  className,
  children,
  ...rest
}: { href: string; className?: string; children: ReactNode } & Omit<
  ComponentProps<'a'>,
  'href' | 'onClick'
>) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      className={className}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (isModifiedClick(event)) return;
        event.preventDefault();
        void navigate({ href });
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

/** A tile: its title links to the list behind it; its figures below. */
function Tile({
  title,
  href,
  icon: Icon,
  testId,
  children,
}: {
  title: string;
  href: string | null;
  icon: LucideIcon;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
      data-testid={testId}
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-base leading-tight">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {href ? (
          <AppLink
            href={href}
            className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2"
          >
            {title}
          </AppLink>
        ) : (
          title
        )}
      </h2>
      {children}
    </section>
  );
}

/** A prominent count with what it counts; red when something is late. */
function Figure({ value, label, urgent = false }: { value: ReactNode; label: string; urgent?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span
        className={cn(
          'font-semibold text-2xl tabular-nums leading-tight sm:text-3xl',
          urgent && 'text-destructive',
        )}
        data-testid="figure"
      >
        {value}
      </span>
      <span className="mt-1 text-muted-foreground text-xs">{label}</span>
    </div>
  );
}

function Figures({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-3">{children}</div>;
}

function Detail({ children }: { children: ReactNode }) {
  return <p className="text-muted-foreground text-sm">{children}</p>;
}

function CardsTile({ tile }: { tile: DashboardCards }) {
  return (
    <Tile title="Work due" href={tile.href} icon={SquareCheckBigIcon} testId="tile-cards">
      <Figures>
        <Figure value={tile.overdue} label="overdue" urgent={tile.overdue > 0} />
        <Figure value={tile.dueSoon} label="due in the next 7 days" />
      </Figures>
      {tile.items.length > 0 ? (
        <ul className="flex flex-col gap-2 text-sm" aria-label="Nearest work due">
          {tile.items.map((item) => (
            <li key={item.id} className="flex min-w-0 flex-col">
              <AppLink href={item.href} className="truncate font-medium hover:underline">
                <span className="text-muted-foreground">{item.workItemId}</span> {item.title}
              </AppLink>
              <span className={cn('text-xs', item.overdue ? 'text-destructive' : 'text-muted-foreground')}>
                {item.overdue ? 'Overdue, was due' : 'Due'} {formatDay(item.dueDate)} · {item.teamName}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Detail>No open work is overdue or due in the next 7 days.</Detail>
      )}
    </Tile>
  );
}

function DeadlinesTile({ tile, timeZone }: { tile: DashboardDeadlines; timeZone: string }) {
  return (
    <Tile title="Commission deadlines" href={tile.href} icon={AlarmClockIcon} testId="tile-deadlines">
      <Figures>
        <Figure value={tile.overdue} label="overdue" urgent={tile.overdue > 0} />
        <Figure value={tile.dueSoon} label="due in the next 7 days" />
      </Figures>
      {tile.items.length > 0 ? (
        <ul className="flex flex-col gap-3 text-sm" aria-label="Nearest deadlines">
          {tile.items.map((deadline) => {
            const what = `${deadlineKindLabels[deadline.kind]}${deadline.participantName ? `: ${deadline.participantName}` : ''}`;
            return (
              <li key={deadline.id} className="flex min-w-0 flex-col gap-1">
                {deadline.href ? (
                  <AppLink href={deadline.href} className="font-medium hover:underline">
                    {what}
                  </AppLink>
                ) : (
                  <span className="font-medium">{what}</span>
                )}
                <DeadlineBadge deadline={deadline} timeZone={timeZone} className="self-start" />
              </li>
            );
          })}
        </ul>
      ) : (
        <Detail>No Commission deadline is overdue or due in the next 7 days.</Detail>
      )}
    </Tile>
  );
}

function PlansTile({ tile }: { tile: DashboardPlans }) {
  return (
    <Tile title="Behaviour support plans" href={tile.href} icon={ClipboardListIcon} testId="tile-plans">
      <Figures>
        <Figure value={`${tile.current} of ${tile.total}`} label="current" />
        <Figure value={tile.reviewOverdue} label="past their review date" urgent={tile.reviewOverdue > 0} />
        <Figure value={tile.reviewDueSoon} label="review due in the next 7 days" />
        <Figure
          value={tile.awaitingPlan}
          label={
            tile.awaitingPlanOverdue > 0
              ? `waiting for a plan (${tile.awaitingPlanOverdue} overdue)`
              : 'waiting for a required plan'
          }
          urgent={tile.awaitingPlanOverdue > 0}
        />
      </Figures>
      <Detail>
        {plural(tile.draft, 'draft')} · {tile.inReview} in review · {tile.approved} approved
      </Detail>
    </Tile>
  );
}

function IncidentsTile({ tile }: { tile: DashboardIncidents }) {
  return (
    <Tile title="Open incidents" href={tile.href} icon={ShieldAlertIcon} testId="tile-incidents">
      <Figures>
        <Figure value={tile.open} label={`open (${tile.highSeverityOpen} high or critical)`} />
        <Figure value={tile.reportableOpen} label="reportable, open" urgent={tile.overdue > 0} />
      </Figures>
      <Detail>
        {plural(tile.awaitingNotification, 'notification')} and{' '}
        {plural(tile.awaitingFiveDayReport, '5-day report')} to the Commission outstanding
        {tile.overdue > 0 ? `; ${tile.overdue} overdue` : ''}.
      </Detail>
      <AppLink href={tile.reportableHref} className="self-start text-sm underline underline-offset-4">
        Reportable incidents
      </AppLink>
    </Tile>
  );
}

function HoursTile({ tile }: { tile: DashboardHours }) {
  return (
    <Tile title={hoursTitle(tile.scope)} href={tile.href} icon={ClockIcon} testId="tile-hours">
      <Figures>
        <Figure value={formatMinutes(tile.minutes)} label={plural(tile.entries, 'entry', 'entries')} />
        <Figure
          value={tile.submitted}
          label={tile.scope === 'own' ? 'submitted for approval' : 'waiting for approval'}
        />
      </Figures>
      <Detail>
        Monday {formatDay(tile.weekStart)} to Sunday {formatDay(tile.weekEnd)}
      </Detail>
    </Tile>
  );
}

function InvoicesTile({ tile }: { tile: DashboardInvoices }) {
  return (
    <Tile
      title={tile.scope === 'mine' ? 'Invoices awaiting your approval' : 'Invoices awaiting approval'}
      href={tile.href}
      icon={ReceiptTextIcon}
      testId="tile-invoices"
    >
      <Figures>
        <Figure value={tile.awaiting} label={plural(tile.awaiting, 'invoice')} urgent={false} />
        <Figure value={formatCents(tile.totalCents)} label="in total" />
      </Figures>
    </Tile>
  );
}
