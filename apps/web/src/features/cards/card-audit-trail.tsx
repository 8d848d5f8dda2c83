import { useInfiniteQuery } from '@tanstack/react-query';
import type { CardAuditEntry } from '@wattle/domain/cards/schemas';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { ArrowRightIcon } from 'lucide-react';
import { formatRelativeTime } from '@/features/inbox/relative-time';
import { useTenantClock } from '@/features/time/use-tenant-clock';
import { formatMoment, formatMomentDay } from '@/lib/org-dates';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { useNow } from '@/lib/use-now';
import { Button } from '@/ui/button';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { cardKeys, fetchCardAudit } from './api';
import { auditActionLabel, fieldLabel, formatValue } from './use-card-view-format';

/** The spec's audit trail read: the last 50 entries, more on request (spec work section 9). */
export const auditPageSize = 50;

export function cardAuditQueryOptions(tenantId: string, cardId: string) {
  return {
    queryKey: cardKeys.audit(tenantId, cardId),
    queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
      fetchCardAudit(tenantId, cardId, { before: pageParam, limit: auditPageSize, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Awaited<ReturnType<typeof fetchCardAudit>>) =>
      last.data.length < auditPageSize ? undefined : last.data.at(-1)?.timestamp,
  };
}

function AuditEntryItem({
  entry,
  now,
  timeZone,
  template,
  nameOf,
}: {
  entry: CardAuditEntry;
  now: Date;
  /** The organisation's: the full time and the day of an entry older than a week are on its clock. */
  timeZone: string | undefined;
  template: FormTemplate | null | undefined;
  nameOf: (userId: string) => string | undefined;
}) {
  const at = new Date(entry.timestamp);
  return (
    // Entries out of sight skip style and layout until scrolled to (content-visibility): an entry of a
    // plan's fields holds one line per field changed.
    <li
      className="grid min-w-0 gap-1 py-2.5 [contain-intrinsic-size:auto_4rem] [content-visibility:auto]"
      data-testid="audit-entry"
    >
      <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
        <span className="font-medium">{auditActionLabel(entry.action)}</span>
        <span className="text-muted-foreground">by {entry.userName ?? 'System'}</span>
        <time
          dateTime={entry.timestamp}
          title={formatMoment(at, timeZone)}
          className="text-muted-foreground text-xs"
        >
          {now.getTime() - at.getTime() >= 7 * 86_400_000
            ? formatMomentDay(at, timeZone)
            : formatRelativeTime(at, now)}
        </time>
      </p>
      {entry.changes.length > 0 ? (
        <ul className="grid gap-1 text-xs">
          {entry.changes.map((change) => (
            // A long value with no spaces (a pasted link, a 200-character title) wraps anywhere
            // instead of widening the trail past the window.
            <li key={change.field} className="min-w-0 wrap-anywhere">
              <span className="font-medium">{fieldLabel(change.field, template)}</span>:{' '}
              <span className="text-muted-foreground line-through decoration-muted-foreground/60">
                {formatValue(change.field, change.oldValue, nameOf)}
              </span>{' '}
              <ArrowRightIcon className="inline size-3 align-[-1px]" aria-label="changed to" />{' '}
              <span>{formatValue(change.field, change.newValue, nameOf)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The card's real audit trail (GET /api/cards/{id}/audit), newest first; never a sample. */
export function CardAuditTrail({
  tenantId,
  cardId,
  template,
  nameOf,
}: {
  tenantId: string;
  cardId: string;
  template: FormTemplate | null | undefined;
  nameOf: (userId: string) => string | undefined;
}) {
  const audit = useInfiniteQuery(cardAuditQueryOptions(tenantId, cardId));
  const now = useNow(60_000);
  const { timeZone } = useTenantClock(tenantId);
  // Below the card's details: drawn once the page has painted (a plan's trail holds hundreds of
  // elements, one per field changed).
  const painted = useAfterFirstPaint();

  if (!painted) return null;
  if (audit.isPending) return <LoadingStatus>Loading audit trail...</LoadingStatus>;
  if (audit.isError) {
    return (
      <LoadError
        title="Could not load the audit trail"
        error={audit.error}
        onRetry={() => void audit.refetch()}
      />
    );
  }
  const entries = audit.data.pages.flatMap((page) => page.data);
  if (entries.length === 0) return <p className="text-muted-foreground text-sm">No changes recorded yet.</p>;
  return (
    <div>
      <ol className="divide-y" aria-label="Audit trail entries">
        {entries.map((entry) => (
          <AuditEntryItem
            key={entry.id}
            entry={entry}
            now={now}
            timeZone={timeZone}
            template={template}
            nameOf={nameOf}
          />
        ))}
      </ol>
      {audit.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-2 w-full"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
