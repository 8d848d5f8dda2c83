import { useBlocker } from '@tanstack/react-router';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { hasUnsendableChanges } from './unsent-changes';

/**
 * Asks before leaving a page while changes cannot be sent (offline, or a save the server refused):
 * an in-app navigation through TanStack Router's blocker, closing or reloading the tab through the
 * browser's own beforeunload question. Changes that can be sent are handed to the save queue and
 * sent, not asked about. Mounted once, in the signed-in shell.
 */
export function LeaveGuard() {
  const blocker = useBlocker({
    shouldBlockFn: () => hasUnsendableChanges(),
    enableBeforeUnload: () => hasUnsendableChanges(),
    withResolver: true,
  });
  const isOffline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title="Leave with changes not on the server?"
      description={
        isOffline
          ? 'You are offline. Your changes are saved on this device only and will be sent when you are back online, if you open Wattle again in this browser.'
          : 'Some changes could not be saved to the server. They are kept on this device only; stay to see why and try again.'
      }
      onKeepEditing={() => blocker.reset?.()}
      cancelLabel="Stay on this page"
      testId="leave-guard-dialog"
    >
      <Button variant="destructive" onClick={() => blocker.proceed?.()}>
        Leave anyway
      </Button>
    </ConfirmDialog>
  );
}
