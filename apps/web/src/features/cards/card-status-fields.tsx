import { ndisStatusLabels } from '@wattle/domain/cards/constants';
import { ndisStatusOf } from '@wattle/domain/cards/status-columns';
import { cardStatusLabels } from '@wattle/domain/cards/workflow';
import { useId } from 'react';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import type { CardView } from './use-card-view';
import { columnChoices } from './workflow-availability';

/**
 * The Details sidebar's State and NDIS Status (decision 0037, one status per card). State is the
 * card's column on its team's board: choosing another moves the card there, which is a status move
 * when the column stands for another status, so the columns the workflow refuses are offered
 * disabled with their reason. NDIS Status follows the status and is shown, never edited.
 */
export function CardStateField({ card }: { card: CardView }) {
  const id = useId();
  const reasonsId = useId();
  const { view, team, template, isClinician, canWrite, change } = card;
  const states = team?.workflowStates ?? [];
  const choices = columnChoices(states, { view, template, isClinician });
  const refused = choices.filter((choice) => choice.refusal && choice.state.id !== view.workflowStateId);
  return (
    <div className="grid grid-cols-[7rem_1fr] items-center gap-2">
      <Label htmlFor={id} className="text-muted-foreground">
        State
      </Label>
      <div className="min-w-0">
        <NativeSelect
          id={id}
          wrapperClassName="w-full"
          value={view.workflowStateId ?? ''}
          disabled={!canWrite || states.length === 0}
          aria-describedby={refused.length > 0 ? reasonsId : undefined}
          onChange={(event) => change('workflowStateId', event.target.value, { label: 'State' })}
          data-testid="card-state"
        >
          {view.workflowStateId === null ? <option value="">No column</option> : null}
          {choices.map((choice) => (
            <option
              key={choice.state.id}
              value={choice.state.id}
              disabled={choice.state.id !== view.workflowStateId && choice.refusal !== null}
            >
              {choice.state.name}
              {choice.state.id === view.workflowStateId ? ` · ${cardStatusLabels[view.status]}` : ''}
            </option>
          ))}
        </NativeSelect>
        {canWrite && refused.length > 0 ? (
          <ul id={reasonsId} className="mt-1 grid gap-0.5 text-muted-foreground text-xs">
            {refused.map((choice) => (
              <li key={choice.state.id}>
                {choice.state.name}: {choice.refusal}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

export function NdisStatusField({ card }: { card: CardView }) {
  const { view } = card;
  return (
    <div className="grid grid-cols-[7rem_1fr] items-center gap-2">
      <span className="font-medium text-muted-foreground text-sm">NDIS Status</span>
      <p className="text-sm" data-testid="ndis-status" title="Follows the card's workflow status">
        {ndisStatusLabels[ndisStatusOf(view.status)]}
      </p>
    </div>
  );
}
