import type { Team } from '@wattle/domain/teams/schemas';
import { maxWorkflowStates, type WorkflowState } from '@wattle/domain/teams/workflow';
import { ArrowDownIcon, ArrowUpIcon, LockIcon, PlusIcon, Settings2Icon, Trash2Icon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { isApiError, validationIssues } from '@/lib/http';
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
import { toast } from '@/ui/toast';
import { useSaveWorkflow } from './use-work-items';
import {
  addDraftState,
  checkWorkflowEdit,
  type DraftState,
  draftFrom,
  moveDraftState,
  presetColors,
  type WorkflowRefusal,
} from './workflow-draft';

function ColourPicker({
  state,
  position,
  errorId,
  onChange,
}: {
  state: DraftState;
  position: number;
  /** The id of this colour's own error message, when it has one. */
  errorId: string | undefined;
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
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value.trim())}
      />
    </div>
  );
}

/** The workflow an edit starts from: the team's states and version when the editor opened. */
interface EditBase {
  states: WorkflowState[];
  version: number;
}

type EditorError = Pick<WorkflowRefusal, 'message' | 'key' | 'field'>;

function baseOf(team: Pick<Team, 'workflowStates' | 'version'>): EditBase {
  return { states: team.workflowStates, version: team.version };
}

/** The team a 409 answers with (`details.current`), when it holds one. */
function currentTeamOf(error: unknown): Team | null {
  if (!isApiError(error, 'CONFLICT')) return null;
  const current = (error.details as { current?: Team } | undefined)?.current;
  return current && Array.isArray(current.workflowStates) ? current : null;
}

/**
 * 'Edit workflow' (spec shell sections 3 and 4; issue 5): a team admin renames, recolours, adds,
 * removes and reorders the team's board columns. Done is shown locked ('Done cannot be edited').
 * The same rules as the server (workflow-draft.ts) refuse a bad edit with its message before sending,
 * shown under the input it is about.
 *
 * The edit is always sent with the workflow and version the dialog opened on, never the team as it
 * is at save time: should someone else save meanwhile (a live update refreshes `team`), the server
 * answers 409 instead of taking a draft that never saw their change. The dialog then shows their
 * workflow to edit again.
 */
export function WorkflowEditor({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const [base, setBase] = useState<EditBase>(() => baseOf(team));
  const [draft, setDraft] = useState<DraftState[]>(() => draftFrom(team.workflowStates));
  const [error, setError] = useState<EditorError | null>(null);
  const nextKey = useRef(0);
  const save = useSaveWorkflow(team);
  const errorId = useId();
  const limitId = useId();
  // The state just added: its name field takes focus once it is on the page, so a keyboard user
  // types the name next (focus left on Add state would turn each space typed into another state).
  const [addedKey, setAddedKey] = useState<string | null>(null);
  useEffect(() => {
    if (!addedKey) return;
    document.getElementById(`${errorId}-${addedKey}`)?.focus();
    setAddedKey(null);
  }, [addedKey, errorId]);

  /** Starts the edit again from `from`: its states in the draft, its version to send. */
  const startFrom = (from: Pick<Team, 'workflowStates' | 'version'>) => {
    setBase(baseOf(from));
    setDraft(draftFrom(from.workflowStates));
  };

  const onOpenChange = (next: boolean) => {
    // Each opening starts from the team as it is now (someone may have edited it meanwhile).
    if (next) {
      startFrom(team);
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
    const checked = checkWorkflowEdit(base.states, base.version, draft);
    if (!checked.ok) {
      setError(checked);
      return;
    }
    const sent = draft;
    save.mutate(checked.body, {
      onSuccess: () => {
        toast.success('Workflow updated');
        setOpen(false);
      },
      onError: (cause) => {
        // Someone else saved first: their workflow replaces the draft (edited again from there, at
        // their version), and the server's message says so.
        const current = currentTeamOf(cause);
        if (current) {
          startFrom(current);
          setError({ message: cause.message });
          return;
        }
        // A refusal about one state (its name or colour) goes under that state's input.
        const issue = validationIssues(cause)[0];
        const [where, index, field] = issue?.path ?? [];
        const key = where === 'states' && typeof index === 'number' ? sent[index]?.key : undefined;
        setError({
          message: cause.message,
          ...(key && (field === 'name' || field === 'color') ? { key, field } : {}),
        });
      },
    });
  };

  /** The id of the message about one state's name or colour, when there is one. */
  const fieldErrorId = (key: string, field: 'name' | 'color') =>
    error?.key === key && error.field === field ? `${errorId}-${key}-${field}` : undefined;
  const isAtLimit = draft.length >= maxWorkflowStates;
  // Someone else saved while this dialog is open (a live update refreshed the team): said before Save.
  const hasOthersChange = open && !save.isPending && !save.isSuccess && team.version !== base.version;

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
            The columns of {team.name}'s work board, in order. Each stands for a stage of a card's status: the
            first for drafts, Done for approved cards, the others for work in progress (and cards under
            review). Cards in a removed state move to the end of the first column of their stage.
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
            const nameErrorId = fieldErrorId(state.key, 'name');
            const colourErrorId = fieldErrorId(state.key, 'color');
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
                    aria-invalid={nameErrorId ? true : undefined}
                    aria-describedby={nameErrorId}
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
                {nameErrorId ? (
                  <p id={nameErrorId} role="alert" className="text-destructive text-sm">
                    {error?.message}
                  </p>
                ) : null}
                <ColourPicker
                  state={state}
                  position={position}
                  errorId={colourErrorId}
                  onChange={(color) => update(state.key, { color })}
                />
                {colourErrorId ? (
                  <p id={colourErrorId} role="alert" className="text-destructive text-sm">
                    {error?.message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={isAtLimit}
            aria-describedby={isAtLimit ? limitId : undefined}
            onClick={() => {
              setError(null);
              nextKey.current += 1;
              const key = `new-${nextKey.current}`;
              setDraft((current) => addDraftState(current, key));
              setAddedKey(key);
            }}
          >
            <PlusIcon aria-hidden="true" />
            Add state
          </Button>
          {isAtLimit ? (
            <p id={limitId} className="text-muted-foreground text-sm">
              A team can have at most {maxWorkflowStates} states. Remove one to add another.
            </p>
          ) : null}
        </div>
        {hasOthersChange && !error ? (
          <p
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm"
          >
            Someone else has changed this workflow since you opened it. Saving will show you their version
            first.
          </p>
        ) : null}
        {error && !error.key ? (
          <p id={errorId} role="alert" className="text-destructive text-sm">
            {error.message}
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
