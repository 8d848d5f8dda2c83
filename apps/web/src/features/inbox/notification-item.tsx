import { useNavigate } from '@tanstack/react-router';
import {
  isDestructiveNotification,
  type NotificationType,
  notificationToastTitles,
} from '@wattle/domain/notifications/rules';
import type { Notification } from '@wattle/domain/notifications/schemas';
import {
  AlarmClockIcon,
  AlarmClockOffIcon,
  ArrowRightIcon,
  AtSignIcon,
  BanknoteIcon,
  BellIcon,
  CalendarClockIcon,
  CheckIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  CircleXIcon,
  ClipboardCheckIcon,
  ClockAlertIcon,
  HourglassIcon,
  IdCardIcon,
  type LucideIcon,
  MailIcon,
  MailOpenIcon,
  MessageSquareIcon,
  PiggyBankIcon,
  SendIcon,
  ShieldCheckIcon,
  Trash2Icon,
  TriangleAlertIcon,
  XIcon,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { isModifiedClick, notificationTarget } from '@/features/notifications/notification-link';
import { cn } from '@/lib/cn';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button, type ButtonProps } from '@/ui/button';
import { formatFullTime, formatRelativeTime } from './relative-time';
import { useNotificationActions } from './use-notification-actions';

const typeIcons: Record<NotificationType, LucideIcon> = {
  'tenant-access': ShieldCheckIcon,
  payment: BanknoteIcon,
  overdue: TriangleAlertIcon,
  approval: ClipboardCheckIcon,
  sent: SendIcon,
  approved: CircleCheckIcon,
  rejected: CircleXIcon,
  trial: HourglassIcon,
  info: BellIcon,
  mention: AtSignIcon,
  comment: MessageSquareIcon,
  'plan-ending': CalendarClockIcon,
  budget: PiggyBankIcon,
  screening: IdCardIcon,
  'time-entry-rejected': ClockAlertIcon,
  deadline: AlarmClockIcon,
  'deadline-overdue': AlarmClockOffIcon,
};

type AccessRequestStatus = NonNullable<Notification['tenantAccessRequest']>['status'];

const accessStatusLabels: Record<AccessRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  revoked: 'Revoked',
};

const accessStatusStyles: Record<AccessRequestStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 border-amber-200',
  approved: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  rejected: 'bg-red-50 text-red-800 border-red-200',
  revoked: 'bg-muted text-muted-foreground',
};

function Pill({
  className,
  children,
  ...props
}: {
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 font-medium text-xs',
        className,
      )}
      {...props}
    >
      {children}
    </span>
  );
}

/**
 * A button whose name is its visible word followed by the notification it acts on ('Approve, System
 * Admin Access Request from Sam System'), so each of the many Delete buttons says which it deletes.
 */
function ActionButton({
  label,
  target,
  icon: Icon,
  ...props
}: { label: string; target: string; icon: LucideIcon } & Omit<ButtonProps, 'children'>) {
  return (
    <Button size="sm" aria-label={`${label}, ${target}`} {...props}>
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}

function AccessRequestDetails({ request }: { request: NonNullable<Notification['tenantAccessRequest']> }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg border bg-background p-3 text-sm">
      <dt className="text-muted-foreground">Requested by</dt>
      <dd className="font-medium">{request.requestedBy}</dd>
      <dt className="text-muted-foreground">Email</dt>
      <dd className="truncate">
        <a
          className="underline underline-offset-4 hover:no-underline"
          href={`mailto:${request.requestedByEmail}`}
        >
          {request.requestedByEmail}
        </a>
      </dd>
      <dt className="text-muted-foreground">Organisation</dt>
      <dd>{request.tenantName}</dd>
      <dt className="text-muted-foreground">Reason</dt>
      <dd className="whitespace-pre-line break-words">{request.reason}</dd>
      <dt className="text-muted-foreground">Status</dt>
      <dd>
        <Pill className={accessStatusStyles[request.status]} data-testid="access-request-status">
          {accessStatusLabels[request.status]}
        </Pill>
      </dd>
    </dl>
  );
}

/** One notification in the inbox: what happened, when, and what can be done about it. */
export function NotificationItem({
  tenantId,
  notification,
  now,
}: {
  tenantId: string;
  notification: Notification;
  now: Date;
}) {
  const { setRead, remove, decide, failure, isBusy } = useNotificationActions(tenantId, notification);
  const titleId = useId();
  const title = notificationToastTitles[notification.type];
  const request = notification.tenantAccessRequest;
  const target = request ? `${title} from ${request.requestedBy}` : title;
  const Icon = typeIcons[notification.type];
  const at = new Date(notification.timestamp);
  const isUnread = !notification.read;
  const isUrgent = isDestructiveNotification(notification);
  const canDecide = notification.type === 'tenant-access' && request?.status === 'pending';
  const destination = notificationTarget(notification);
  const navigate = useNavigate();

  return (
    <li data-testid="notification" data-unread={isUnread || undefined}>
      <article
        aria-labelledby={titleId}
        className={cn(
          'relative flex gap-3 px-4 py-4 sm:px-6',
          isUnread &&
            'bg-accent/50 before:absolute before:inset-y-0 before:left-0 before:w-1 before:bg-primary',
        )}
      >
        <span
          className={cn(
            'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
            isUrgent ? 'bg-red-50 text-destructive' : 'bg-accent text-accent-foreground',
          )}
          aria-hidden="true"
        >
          <Icon className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={titleId} className={cn('text-sm', isUnread ? 'font-semibold' : 'font-medium')}>
              {title}
            </h3>
            {isUnread ? (
              <Pill className="border-transparent bg-primary text-primary-foreground">Unread</Pill>
            ) : null}
            {notification.priority === 'high' ? (
              <Pill className="border-red-200 bg-red-50 text-red-800">High priority</Pill>
            ) : notification.priority === 'low' ? (
              <Pill className="bg-muted text-muted-foreground">Low priority</Pill>
            ) : null}
            {notification.approvalStatus === 'pending' ? (
              <Pill className="border-amber-200 bg-amber-50 text-amber-900">Awaiting your approval</Pill>
            ) : null}
          </div>
          <p className="mt-1 whitespace-pre-line break-words text-sm" data-testid="notification-message">
            {notification.message}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-2 text-muted-foreground text-xs">
            <time dateTime={notification.timestamp} title={formatFullTime(at)}>
              {formatRelativeTime(at, now)}
            </time>
            {notification.participantName ? (
              <span>
                <span aria-hidden="true">· </span>Participant: {notification.participantName}
              </span>
            ) : null}
          </p>

          {request ? <AccessRequestDetails request={request} /> : null}

          {failure ? (
            <Alert variant="destructive" className="mt-3">
              <CircleAlertIcon aria-hidden="true" />
              <AlertTitle>{failure.title}</AlertTitle>
              <AlertDescription>
                <p>{failure.message}</p>
              </AlertDescription>
            </Alert>
          ) : null}

          <div className="mt-3 flex flex-wrap gap-2">
            {destination ? (
              // The page the notification is about (a deadline's plan or incident), else its card;
              // following it reads it. A real link, so it also opens in a new tab.
              <Button size="sm" variant="outline" asChild>
                <a
                  href={destination.href}
                  aria-label={`${destination.label}, ${target}`}
                  onClick={(event) => {
                    if (isUnread && !isBusy) setRead.mutate(true);
                    if (isModifiedClick(event)) return;
                    event.preventDefault();
                    void navigate({ href: destination.href });
                  }}
                >
                  <ArrowRightIcon aria-hidden="true" />
                  {destination.label}
                </a>
              </Button>
            ) : null}
            {canDecide ? (
              <>
                <ActionButton
                  label={decide.isPending && decide.variables === 'approved' ? 'Approving...' : 'Approve'}
                  target={target}
                  icon={CheckIcon}
                  disabled={isBusy}
                  onClick={() => decide.mutate('approved')}
                />
                <ActionButton
                  label={decide.isPending && decide.variables === 'rejected' ? 'Rejecting...' : 'Reject'}
                  target={target}
                  icon={XIcon}
                  variant="outline"
                  disabled={isBusy}
                  onClick={() => decide.mutate('rejected')}
                />
              </>
            ) : null}
            <ActionButton
              label={isUnread ? 'Mark read' : 'Mark unread'}
              target={target}
              icon={isUnread ? MailOpenIcon : MailIcon}
              variant="ghost"
              disabled={isBusy}
              onClick={() => setRead.mutate(isUnread)}
            />
            <ActionButton
              label={remove.isPending ? 'Deleting...' : 'Delete'}
              target={target}
              icon={Trash2Icon}
              variant="ghost"
              className="text-destructive hover:text-destructive"
              disabled={isBusy}
              onClick={() => remove.mutate()}
            />
          </div>
        </div>
      </article>
    </li>
  );
}
