import type { Team } from '@wattle/domain/teams/schemas';
import { ArrowDownIcon, ArrowUpIcon, LockIcon, PlusIcon, Settings2Icon, Trash2Icon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/ui/dialog';
import { Input } from '@/ui/input';
import { useSaveWorkflow } from './use-work-items';
import {
  addDraftState,
  checkWorkflowEdit,
  type DraftState,
  draftFrom,
  moveDraftState,
  presetColors,
} from './workflow-draft';

function ColourPicker({
  state,
  position,
  onChange,
}: {
  state: DraftState;
  position: number;
  onChange: (color: string) => void;
}) {
  const hexId = useId();
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <fieldset className="flex flex-wrap gap-1">
        <legend className="sr-only">Colour of state {position}</legend>
        {presetColors.map((color) => (
          <button
            key={color}
            type="button"
            className={cn(
              'size-6 rounded-full border-2 border-transparent focus-visible:outline-2 focus-visible:outline-ring',
              state.color.toLowerCase() === color && 'border-foreground',
            )}
            style={{ backgroundColor: color }}
            aria-label={`Colour ${color}`}
            aria-pressed={state.color.toLowerCase() === color}
            onClick={() => onChange(color)}
          />
        ))}
      </fieldset>
      <label htmlFor={hexId} className="sr-only">
        Colour of state {position} as hex
      </label>
      <Input
        id={hexId}
        className="h-7 w-24 font-mono text-xs"
        value={state.color}
        maxLength={7}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value.trim())}
      />
    </div>
  );
}

/**
 * 'Edit workflow' (spec shell sections 3 and 4; issue 5): a team admin renames, recolours, adds,
 * removes and reorders the team's board columns. Done is shown locked ('Done cannot be edited').
 * The same rules as the server (workflow-draft.ts) refuse a bad edit with its message before sending.
 */
export function WorkflowEditor({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DraftState[]>(() => draftFrom(team.workflowStates));
  const [error, setError] = useState<string | null>(null);
  const nextKey = useRef(0);
  const save = useSaveWorkflow(team);
  const errorId = useId();

  const onOpenChange = (next: boolean) => {
    // Each opening starts from the team as it is now (someone may have edited it meanwhile).
    if (next) {
      setDraft(draftFrom(team.workflowStates));
      setError(null);
      save.reset();
    }
    setOpen(next);
  };

  const update = (key: string, changes: Partial<DraftState>) => {
    setError(null);
    setDraft((current) => current.map((state) => (state.key === key ? { ...state, ...changes } : state)));
  };

  /**
   * Moves a state and keeps focus on the button pressed, so it can be pressed again; at the end of
   * the list that one is disabled, and the other direction's takes focus.
   */
  const reorder = (key: string, direction: -1 | 1) => {
    setDraft((current) => moveDraftState(current, key, direction));
    requestAnimationFrame(() => {
      const same = document.querySelector<HTMLButtonElement>(
        `[data-move="${key}:${direction < 0 ? 'up' : 'down'}"]`,
      );
      const other = document.querySelector<HTMLButtonElement>(
        `[data-move="${key}:${direction < 0 ? 'down' : 'up'}"]`,
      );
      (same && !same.disabled ? same : other)?.focus();
    });
  };

  const onSave = () => {
    const checked = checkWorkflowEdit(team.workflowStates, team.version, draft);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    save.mutate(checked.body, {
      onSuccess: () => {
        toast.success('Workflow updated');
        setOpen(false);
      },
      // The server's message says what to do, a conflict included (someone else saved first; the
      // teams list is read again, so opening the editor again starts from their version).
      onError: (cause) => setError(cause.message),
    });
  };

  const editableCount = draft.filter((state) => state.isEditable).length;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Settings2Icon aria-hidden="true" />
          Edit workflow
        </Button>
      </DialogTrigger>
      <DialogContent size="medium" className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit workflow</DialogTitle>
          <DialogDescription>
            The columns of {team.name}'s work board, in order. Cards in a removed state move to the end of the
            first column.
          </DialogDescription>
        </DialogHeader>
        <ol className="flex flex-col gap-2" aria-label="Workflow states">
          {draft.map((state, index) => {
            const position = index + 1;
            if (!state.isEditable) {
              return (
                <li
                  key={state.key}
                  className="flex items-center gap-2 rounded-lg border bg-muted/40 p-2 text-sm"
                >
                  <span
                    className="size-3 rounded-full"
                    style={{ backgroundColor: state.color }}
                    aria-hidden="true"
                  />
                  <span className="font-medium">{state.name}</span>
                  <span className="ml-auto inline-flex items-center gap-1 text-muted-foreground text-xs">
                    <LockIcon className="size-3" aria-hidden="true" />
                    {state.name} cannot be edited
                  </span>
                </li>
              );
            }
            const isFirst = index === 0;
            const nextIsLocked = !draft[index + 1]?.isEditable;
            return (
              <li
                key={state.key}
                className="flex flex-col gap-2 rounded-lg border p-2"
                data-testid="workflow-state"
              >
                <div className="flex items-center gap-2">
                  <span
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: state.color }}
                    aria-hidden="true"
                  />
                  <label htmlFor={`${errorId}-${state.key}`} className="sr-only">
                    Name of state {position}
                  </label>
                  <Input
                    id={`${errorId}-${state.key}`}
                    value={state.name}
                    maxLength={60}
                    placeholder="State name"
                    onChange={(event) => update(state.key, { name: event.target.value })}
                    aria-describedby={error ? errorId : undefined}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={isFirst}
                    aria-label={`Move ${state.name || `state ${position}`} up`}
                    data-move={`${state.key}:up`}
                    onClick={() => reorder(state.key, -1)}
                  >
                    <ArrowUpIcon aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={nextIsLocked}
                    aria-label={`Move ${state.name || `state ${position}`} down`}
                    data-move={`${state.key}:down`}
                    onClick={() => reorder(state.key, 1)}
                  >
                    <ArrowDownIcon aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={editableCount <= 1}
                    aria-label={`Remove ${state.name || `state ${position}`}`}
                    onClick={() => {
                      setError(null);
                      setDraft((current) => current.filter((candidate) => candidate.key !== state.key));
                    }}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
                <ColourPicker
                  state={state}
                  position={position}
                  onChange={(color) => update(state.key, { color })}
                />
              </li>
            );
          })}
        </ol>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => {
            setError(null);
            nextKey.current += 1;
            setDraft((current) => addDraftState(current, `new-${nextKey.current}`));
          }}
        >
          <PlusIcon aria-hidden="true" />
          Add state
        </Button>
        {error ? (
          <p id={errorId} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
