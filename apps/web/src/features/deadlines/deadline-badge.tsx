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
 * minute ("Due in 3 days", "Due in 5 h", "Overdue by 2 days", "Met 12/03/2026"), coloured by status:
 * amber within 7 days, red once overdue, green when met. Its accessible name says what is due.
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
      className={cn(tones[model.status], className)}
      data-testid="deadline-badge"
      data-status={model.status}
      aria-label={model.label}
      title={model.label}
    >
      <Icon aria-hidden="true" />
      <time dateTime={new Date(deadline.dueAt).toISOString()}>{model.due}</time>
      <span aria-hidden="true">·</span>
      <span>{model.countdown}</span>
    </Badge>
  );
}
