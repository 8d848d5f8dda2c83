import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { UsersIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import type { CardSaveQueueHandle } from './field-save-queue';
import { cardValueAt, patchValueAt } from './field-save-queue-core';
import { fieldLabel, formatValue } from './use-card-view-format';

/**
 * Someone else saved a field this user changed too (a 409 from the server, decision 0009): names the
 * field, what the other person changed it to and what this user typed, and lets them choose.
 */
export function CardConflictAlert({
  queue,
  template,
  nameOf,
}: {
  queue: CardSaveQueueHandle;
  template: FormTemplate | null | undefined;
  nameOf?: (userId: string) => string | undefined;
}) {
  const conflicted = queue.pending.filter((item) => item.state === 'failed' && item.conflict);
  if (conflicted.length === 0) return null;
  const names = conflicted.map((item) => fieldLabel(item.key, template));

  return (
    <Alert className="border-amber-300 bg-amber-50 text-amber-950" data-testid="card-conflict">
      <UsersIcon aria-hidden="true" />
      <AlertTitle className="line-clamp-none">
        {names.length === 1
          ? `${names[0]} was changed by someone else`
          : `${names.join(', ')} were changed by someone else`}
      </AlertTitle>
      <AlertDescription className="text-amber-950">
        <ul className="grid gap-2">
          {conflicted.map((item) => {
            const current = item.conflict!.current;
            const who = current.lastModifiedByName ?? 'Someone';
            return (
              <li key={item.id}>
                <p>
                  <span className="font-medium">{fieldLabel(item.key, template)}:</span> {who} changed it to “
                  {formatValue(item.key, cardValueAt(current, item.key), nameOf)}”.
                </p>
                <p>Yours: “{formatValue(item.key, patchValueAt(item.patch, item.key), nameOf)}”.</p>
              </li>
            );
          })}
        </ul>
        <div className="mt-1 flex flex-wrap gap-2">
          <Button size="sm" onClick={queue.retry}>
            Keep mine
          </Button>
          <Button size="sm" variant="outline" onClick={queue.acceptTheirs}>
            Use theirs
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
