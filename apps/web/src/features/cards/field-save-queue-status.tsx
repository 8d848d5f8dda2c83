import { AlertCircleIcon, CheckIcon, CloudOffIcon, Loader2Icon, RotateCwIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { CardSaveQueueHandle } from './field-save-queue';

/**
 * The card panel's save status (spec work section 4): 'Saving…', 'Saved' (the server has every
 * change), 'Saved on this device only' (offline or the server unreachable: the changes wait in this
 * browser's storage and go when it is back) or 'Failed (Retry)', where Retry sends the failed changes
 * again. A refused change that was dropped shows 'Failed' and why.
 */
export function SaveQueueStatus({ queue, className }: { queue: CardSaveQueueHandle; className?: string }) {
  const { status, pending, lastError } = queue;
  const failedItems = pending.filter((item) => item.state === 'failed');
  const base = cn('flex min-h-8 items-center gap-1.5 text-sm', className);

  if (status === 'idle') {
    return <p role="status" className={base} data-testid="save-status" />;
  }
  if (status === 'saving') {
    return (
      <p role="status" className={cn(base, 'text-muted-foreground')} data-testid="save-status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
        Saving…
      </p>
    );
  }
  if (status === 'saved') {
    return (
      <p role="status" className={cn(base, 'text-muted-foreground')} data-testid="save-status">
        <CheckIcon className="size-4 text-emerald-700" aria-hidden="true" />
        Saved
      </p>
    );
  }
  if (status === 'local') {
    return (
      <p
        role="status"
        className={cn(base, 'text-amber-800 dark:text-amber-300')}
        data-testid="save-status"
        title="Not yet on the server: sent when the connection is back."
      >
        <CloudOffIcon className="size-4" aria-hidden="true" />
        Saved on this device only
      </p>
    );
  }
  const reason = failedItems[0]?.error ?? lastError ?? 'The change could not be saved.';
  return (
    <div role="status" className={cn(base, 'text-destructive')} data-testid="save-status">
      <AlertCircleIcon className="size-4" aria-hidden="true" />
      {failedItems.length > 0 ? (
        <>
          <span>Failed</span>{' '}
          <button
            type="button"
            onClick={queue.retry}
            title={reason}
            className="inline-flex items-center gap-1 rounded-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            (Retry)
            <RotateCwIcon className="size-3.5" aria-hidden="true" />
          </button>
          <span className="sr-only">{reason}</span>
        </>
      ) : (
        <span title={reason}>
          Failed<span className="sr-only">: {reason}</span>
        </span>
      )}
    </div>
  );
}
