import { useQuery } from '@tanstack/react-query';
import type { DeadlineStatus } from '@wattle/domain/deadlines/schemas';
import { AlarmClockCheckIcon, AlarmClockIcon, AlarmClockOffIcon, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { Badge } from '@/ui/badge';
import { currentTenantQueryOptions } from '../time/api';
import { type BadgeDeadline, deadlineBadgeModel } from './deadline-badge-model';
import { useNow } from './use-now';

const tones: Record<DeadlineStatus, string> = {
  met: 'border-transparent bg-emerald-50 text-emerald-800',
  overdue: 'border-destructive/40 bg-destructive/10 text-destructive',
  'due-soon': 'border-transparent bg-amber-50 text-amber-900',
  upcoming: 'text-foreground',
};

const icons: Record<DeadlineStatus, LucideIcon> = {
  met: AlarmClockCheckIcon,
  overdue: AlarmClockOffIcon,
  'due-soon': AlarmClockIcon,
  upcoming: AlarmClockIcon,
};

/** Until the tenant's zone is known, the default every tenant starts with (DESIGN.md section 3). */
const defaultTimeZone = 'Australia/Sydney';

/**
 * A Commission deadline wherever its item appears (issue 16 item 2): the due date in the tenant's time
 * zone (dd/mm/yyyy, with the time for a deadline within a day) and a countdown that renews every
 * minute ("Due in 3 days", "Due in 5 h", "Overdue by 2 days"), coloured by status: amber within 7
 * days, red once overdue, green when met (then only "Met 12/03/2026" shows; the due date stays in its
 * accessible name and tooltip). Its accessible name says what is due.
 * `timeZone` may be given (a list that already knows it); otherwise the current tenant's is read.
 */
export function DeadlineBadge({
  deadline,
  timeZone,
  className,
}: {
  deadline: BadgeDeadline;
  timeZone?: string;
  className?: string;
}) {
  const tenantId = useCurrentTenantId();
  const tenant = useQuery({
    ...currentTenantQueryOptions(tenantId ?? ''),
    enabled: !timeZone && tenantId !== null,
  });
  const now = useNow();
  const model = deadlineBadgeModel(deadline, now, timeZone ?? tenant.data?.timeZone ?? defaultTimeZone);
  const Icon = icons[model.status];
  return (
    <Badge
      variant="outline"
      // Wraps onto a second line in a narrow table cell rather than spilling out of it.
      className={cn(
        'flex-wrap justify-start gap-x-1 gap-y-0 whitespace-normal rounded-md text-left',
        tones[model.status],
        className,
      )}
      data-testid="deadline-badge"
      data-status={model.status}
      title={model.label}
    >
      {/* Read out as one sentence; the visible parts are for the eye. */}
      <span className="sr-only">{model.label}</span>
      {/* Once met, the day it was met is what matters; the due date stays in the label. */}
      <span aria-hidden="true" className="inline-flex items-center gap-1 whitespace-nowrap">
        <Icon aria-hidden="true" className="pointer-events-none size-3" />
        {model.status === 'met' ? (
          model.countdown
        ) : (
          <>
            <time dateTime={new Date(deadline.dueAt).toISOString()}>{model.due}</time>
            <span>·</span>
          </>
        )}
      </span>
      {model.status === 'met' ? null : (
        <span aria-hidden="true" className="whitespace-nowrap">
          {model.countdown}
        </span>
      )}
    </Badge>
  );
}
