import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { can, canBeAssignedCards } from '@wattle/domain/auth/permissions';
import {
  type Card,
  type CardCategory,
  type CardConflictDetails,
  type CardType,
  cardCategories,
  cardCategoryLabels,
  priorities,
  priorityLabels,
} from '@wattle/domain/cards/schemas';
import { isClinicianOnTeam } from '@wattle/domain/cards/status-columns';
import { cardStatusLabels, isStatusEditable } from '@wattle/domain/cards/workflow';
import {
  AlertTriangleIcon,
  ChevronDownIcon,
  ChevronsDownUpIcon,
  ChevronsUpDownIcon,
  KeyboardIcon,
  Loader2Icon,
  LockIcon,
  Maximize2Icon,
  Minimize2Icon,
} from 'lucide-react';
import {
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Controller, type FieldError, useForm, useWatch } from 'react-hook-form';
import { meQueryOptions } from '@/features/auth/api';
import { chooseTeamForNewCard } from '@/features/global-modals/last-selected-team';
import { LoadingCardSheet } from '@/features/global-modals/loading-card-sheet';
import { useShortcutHandler } from '@/features/shortcuts/use-shortcut-handler';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCardTemplate } from '@/features/templates/card-template';
import { removeFormDraft } from '@/features/templates/template-form/form-draft';
import { cn } from '@/lib/cn';
import { isApiError } from '@/lib/http';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/ui/collapsible';
import { DateInput } from '@/ui/date-input';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { LazyPartBoundary, lazyPart } from '@/ui/lazy-part';
import { NativeSelect } from '@/ui/native-select';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/ui/sheet';
import { toast } from '@/ui/toast';
import { keepClearOfToasts } from '@/ui/toast-clearance';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/ui/tooltip';
import { cardKeys, createCard, patchCard, templatesQueryOptions } from './api';
import { ApproveConfirmDialog } from './approve-confirm-dialog';
import { formatCalendarDate, formatTimeOfDay } from './card-list-format';
import { cardSaveQueue } from './field-save-queue';
import { cardValueAt } from './field-save-queue-core';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';
import { hasUnsendableChanges, registerExitSender } from './unsent-changes';
import { useSwipeToClose } from './use-edit-card-swipe';
import {
  changedKeys,
  createInputOf,
  type EditCardValues,
  EditCardValuesSchema,
  NewCardValuesSchema,
  newCardValues,
  patchOfChanges,
  patchSteps,
  statusChoices,
  valuesAfterSave,
  valuesOfCard,
} from './use-edit-card-values';
import { typingSaveDelayMs } from './use-save-while-typing';
import { availableMoves } from './workflow-availability';

const TemplateForm = lazyPart(
  () => import('@/features/templates/template-form/template-form'),
  'TemplateForm',
);

/**
 * The panel's auto-save delay: 2 s after the last change, as every field of a card (issue 18, the
 * spec's editor delay), and at once on closing the panel.
 */
export const editCardAutoSaveMs = typingSaveDelayMs;

export interface EditCardPanelProps {
  tenantId: string;
  /** The card to edit, as the server last sent it; null opens the panel to create a card. */
  card: Card | null;
  /** Create mode: the team the new card goes to at first. */
  teamId?: string;
  /**
   * Create mode without `teamId`: teams (slug or id) to start with, in order of preference; the first
   * where the user may add cards wins, else their first such team (Quick Add: the page's, the last selected).
   */
  preferredTeams?: readonly (string | undefined)[];
  /** Create mode: the category chosen at first (Quick Add New Task: plan; New Incident: incident). */
  defaultCategory?: CardCategory;
  /** Create mode: the card type sent (New Task: task; New Incident: incident); else the template's. */
  defaultType?: CardType;
  /** Create mode: the template chosen at first (New Incident: incident-report); none by default. */
  defaultTemplateId?: string | null;
  /** Create mode: the panel's title ('New Task', 'New Incident'); 'New Card' by default. */
  createTitle?: string;
  /** Create mode: the panel's description for screen readers. */
  createDescription?: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved?(card: Card): void;
  /** Auto-save delay for an existing card; 2 s by default. */
  autoSaveDelayMs?: number;
  /** Where focus goes when the panel closes (for panels opened by an event rather than a trigger). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** sonner's red on pink falls short of WCAG AA; the app's destructive toasts use these reds. */
const destructiveColors = {
  '--error-bg': '#fef2f2',
  '--error-border': '#fecaca',
  '--error-text': '#991b1b',
} as CSSProperties;

function showSaveFailed(error: unknown): void {
  // A refusal the server explains (a conflict, the workflow, a bad value) adds its message.
  const reason =
    isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401
      ? error.message
      : '';
  toast.error('Error', {
    description: ['Failed to save changes. Please try again.', reason].filter(Boolean).join(' '),
    richColors: true,
    style: destructiveColors,
  });
}

function conflictDetails(error: unknown): CardConflictDetails | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const details = error.details as Partial<CardConflictDetails> | undefined;
  if (!details?.current || !Array.isArray(details.conflictingFields)) return null;
  return { current: details.current, conflictingFields: details.conflictingFields };
}

/** What someone else's value of a field looks like in the conflict notice. */
function describeValue(card: Card, field: string): string {
  switch (field) {
    case 'title':
      return card.title;
    case 'description':
      return card.description || '(empty)';
    case 'assigneeId':
      return card.assigneeName ?? 'Unassigned';
    case 'status':
      return cardStatusLabels[card.status];
    case 'priority':
      return priorityLabels[card.priority];
    case 'dueDate':
      return card.dueDate ? formatCalendarDate(card.dueDate) : 'no due date';
    case 'category':
      return card.category ? cardCategoryLabels[card.category] : 'no category';
    default:
      return '';
  }
}

type SelectName = 'teamId' | 'templateId' | 'assigneeId' | 'status' | 'priority' | 'category';

const fieldLabels: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  assigneeId: 'Assigned to',
  status: 'Status',
  priority: 'Priority',
  dueDate: 'Due date',
  category: 'Category',
};

function FieldBlock({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error?.message ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: boolean, error: FieldError | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/**
 * The Edit Card side panel (spec work section 2 "Edit Card side panel" and "Unsaved changes dialog"):
 * edits a card's title, description, assignee, status, priority, due date and category, or creates a
 * card when `card` is null. A card with a known template shows the template form instead, titled
 * 'NDIS Template', with these fields in a collapsible 'Card details' part above it.
 *
 * Mounted fresh each time it opens, so every opening starts from the card as it is then.
 */
export function EditCardPanel(props: EditCardPanelProps) {
  if (!props.open) return null;
  if (!props.card && props.teamId === undefined && props.preferredTeams)
    return <NewCardPanelForTeam {...props} />;
  return <OpenEditCardPanel {...props} />;
}

/** Create mode with preferred teams: the panel opens once the user's teams are known. */
function NewCardPanelForTeam(props: EditCardPanelProps) {
  const teams = useQuery(teamsQueryOptions(props.tenantId));
  if (teams.isPending) {
    return (
      <LoadingCardSheet
        title={props.createTitle ?? 'New Card'}
        description={props.createDescription ?? 'Create a work item for a team.'}
        onClose={() => props.onOpenChange(false)}
        onCloseAutoFocus={props.onCloseAutoFocus}
      />
    );
  }
  const writableTeams = (teams.data ?? []).filter(
    (team) => team.status === 'active' && can(team.myRole, 'write:cards'),
  );
  const teamId = chooseTeamForNewCard({ preferred: props.preferredTeams ?? [], writableTeams });
  return <OpenEditCardPanel {...props} teamId={teamId} />;
}

function OpenEditCardPanel({
  tenantId,
  card,
  teamId,
  defaultCategory,
  defaultType,
  defaultTemplateId,
  createTitle,
  createDescription,
  onOpenChange,
  onSaved,
  autoSaveDelayMs = editCardAutoSaveMs,
  onCloseAutoFocus,
}: EditCardPanelProps) {
  const mode: 'edit' | 'create' = card ? 'edit' : 'create';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const idPrefix = useId();
  const ids = {
    title: `${idPrefix}-title`,
    description: `${idPrefix}-description`,
    assigneeId: `${idPrefix}-assignee`,
    status: `${idPrefix}-status`,
    priority: `${idPrefix}-priority`,
    dueDate: `${idPrefix}-due`,
    category: `${idPrefix}-category`,
    teamId: `${idPrefix}-team`,
    templateId: `${idPrefix}-template`,
  };

  // The card the panel's changes start from: the one opened, then each saved answer.
  const [baseCard, setBaseCard] = useState<Card | null>(card);
  const [original, setOriginal] = useState<EditCardValues>(() =>
    card
      ? valuesOfCard(card)
      : newCardValues({ teamId, category: defaultCategory, templateId: defaultTemplateId }),
  );
  const form = useForm<EditCardValues>({
    resolver: zodResolver(mode === 'create' ? NewCardValuesSchema : EditCardValuesSchema),
    defaultValues: original,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const values = useWatch({ control }) as EditCardValues;
  const changed = changedKeys(original, values, mode);
  const isCardDirty = changed.length > 0;
  const [isTemplateDirty, setIsTemplateDirty] = useState(false);
  const isDirty = isCardDirty || isTemplateDirty;

  const [isSaving, setIsSaving] = useState(false);
  const savingRef = useRef(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [conflict, setConflict] = useState<CardConflictDetails | null>(null);
  const [isConfirmingClose, setIsConfirmingClose] = useState(false);
  const [isConfirmingApproval, setIsConfirmingApproval] = useState(false);
  const [isFullScreen, setIsFullScreen] = useState(false);
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isDetailsOpen, setIsDetailsOpen] = useState(false);
  // One key for the panel's life: a create sent twice (a retry after a lost answer) makes one card.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const { data: teams } = useQuery(teamsQueryOptions(tenantId));
  const templatesQuery = useQuery(templatesQueryOptions(tenantId));
  // Templates that cannot be loaded leave the card's own fields to edit.
  const templates = templatesQuery.isError ? [] : templatesQuery.data;

  // A newer version of the card arrived (a live change, the template form's save): take it as the
  // starting point while nothing is being edited here.
  useEffect(() => {
    if (!card || !baseCard || card.version <= baseCard.version || isCardDirty || savingRef.current) return;
    setBaseCard(card);
    const next = valuesOfCard(card);
    setOriginal(next);
    form.reset(next);
  }, [card, baseCard, isCardDirty, form]);

  const latestCard = card && baseCard && card.version > baseCard.version ? card : baseCard;
  // An existing card's template as its page reads it (the version it was made with, or a built-in
  // one as it is); a new card has none yet.
  const template = useCardTemplate(tenantId, latestCard);
  // A known template: the form replaces the card fields (which move into 'Card details').
  const hasTemplateForm = mode === 'edit' && latestCard?.templateId != null && template !== null;

  const teamIdShown = mode === 'edit' ? (baseCard?.teamId ?? '') : values.teamId;
  const team = teams?.find((candidate) => candidate.id === teamIdShown);
  const writableTeams = (teams ?? []).filter(
    (candidate) => candidate.status === 'active' && can(candidate.myRole, 'write:cards'),
  );
  const activeTemplates = (templates ?? [])
    .filter((candidate) => candidate.isActive)
    .sort((a, b) => a.name.localeCompare(b.name));
  const chosenTemplate = activeTemplates.find((candidate) => candidate.id === values.templateId);
  const isLocked = mode === 'edit' && baseCard !== null && !isStatusEditable(baseCard.status);
  // The status moves the server would refuse, with their reasons, from the domain's rules (issue 18).
  const me = useQuery(meQueryOptions()).data;
  const isClinician = isClinicianOnTeam(
    team?.myRole,
    team?.members.find((member) => member.userId === me?.id)?.role ?? null,
  );
  const statusRefusals = new Map(
    baseCard
      ? availableMoves({ view: baseCard, template, isClinician }).map((move) => [move.to, move.refusal])
      : [],
  );

  const close = useCallback(() => onOpenChange(false), [onOpenChange]);

  /** Saves the changed card fields: PATCH { version, changed fields }, then a status move alone. */
  const saveChanges = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}): Promise<boolean> => {
      if (!baseCard || savingRef.current) return false;
      let isValid = false;
      await form.handleSubmit(() => {
        isValid = true;
      })();
      if (!isValid) return false;
      const sent = form.getValues();
      const steps = patchSteps(patchOfChanges(original, sent));
      if (steps.length === 0) return true;

      savingRef.current = true;
      setIsSaving(true);
      let saved = baseCard;
      const applySaved = (fresh: Card) => {
        queryClient.setQueryData(cardKeys.detail(tenantId, fresh.id), fresh);
        const savedValues = valuesOfCard(fresh);
        setBaseCard(fresh);
        setOriginal(savedValues);
        form.reset(valuesAfterSave(savedValues, sent, form.getValues()));
      };
      try {
        for (const step of steps) {
          // The first change carries the version the user started from (the server merges other
          // people's changes of other fields); a status move after it, the version just saved.
          saved = await patchCard(tenantId, baseCard.id, { version: saved.version, ...step });
        }
        applySaved(saved);
        setConflict(null);
        setSavedAt(new Date());
        void queryClient.invalidateQueries({ queryKey: [...cardKeys.all(tenantId), 'list'] });
        onSaved?.(saved);
        if (!quiet)
          toast.success('Card updated', { description: 'Your changes have been saved successfully.' });
        return true;
      } catch (error) {
        // The fields may have been saved before a refused status move: keep what was saved.
        if (saved !== baseCard) {
          queryClient.setQueryData(cardKeys.detail(tenantId, saved.id), saved);
          setBaseCard(saved);
          setOriginal(valuesOfCard(saved));
          setSavedAt(new Date());
        }
        const details = conflictDetails(error);
        if (details) {
          // Someone else changed these fields: their card becomes the starting point, the user's
          // values stay in the form, so Save keeps the user's and Cancel takes theirs.
          queryClient.setQueryData(cardKeys.detail(tenantId, details.current.id), details.current);
          setBaseCard(details.current);
          setOriginal(valuesOfCard(details.current));
          setConflict(details);
        }
        showSaveFailed(error);
        return false;
      } finally {
        savingRef.current = false;
        setIsSaving(false);
      }
    },
    [baseCard, form, original, queryClient, tenantId, onSaved],
  );

  /** Creates the card (POST with the panel's Idempotency-Key), then opens it. */
  const createNew = useCallback(async (): Promise<boolean> => {
    if (savingRef.current) return false;
    let isValid = false;
    await form.handleSubmit(() => {
      isValid = true;
    })();
    if (!isValid) return false;
    const sent = form.getValues();
    savingRef.current = true;
    setIsSaving(true);
    try {
      const created = await createCard(tenantId, createInputOf(sent, defaultType), idempotencyKey);
      queryClient.setQueryData(cardKeys.detail(tenantId, created.id), created);
      void queryClient.invalidateQueries({ queryKey: [...cardKeys.all(tenantId), 'list'] });
      setOriginal(sent);
      toast.success('Card created', {
        description: `${created.workItemId} ${created.title} was created as a draft.`,
      });
      onSaved?.(created);
      close();
      void navigate({ to: '/card/$cardId', params: { cardId: created.id } });
      return true;
    } catch (error) {
      showSaveFailed(error);
      return false;
    } finally {
      savingRef.current = false;
      setIsSaving(false);
    }
  }, [close, defaultType, form, idempotencyKey, navigate, onSaved, queryClient, tenantId]);

  const submit = useCallback(
    () => (mode === 'create' ? createNew() : saveChanges()),
    [mode, createNew, saveChanges],
  );

  // Auto-save (spec work section 4): only an existing card, only while its fields differ, after
  // `autoSaveDelayMs` without a further change.
  const saveRef = useRef(saveChanges);
  useEffect(() => {
    saveRef.current = saveChanges;
  });
  const changeSignature = JSON.stringify(changed.map((key) => [key, values[key]]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer restarts on each change of the values
  useEffect(() => {
    if (mode !== 'edit' || !isCardDirty || isConfirmingClose) return;
    const timer = window.setTimeout(() => void saveRef.current({ quiet: true }), autoSaveDelayMs);
    return () => window.clearTimeout(timer);
  }, [mode, isCardDirty, isConfirmingClose, autoSaveDelayMs, changeSignature]);

  // Closing or hiding the tab hands the panel's unsaved card fields (not a status move, which is the
  // panel's own Save) to the card's field-save queue, which sends them at once with keepalive and
  // keeps them on this device until the server has them: the same as every other field of a card
  // (issue 18 "one save behaviour for every field"). The panel's own auto-save would not outlive it.
  const handOverRef = useRef<() => void>(() => {});
  useEffect(() => {
    handOverRef.current = () => {
      if (mode !== 'edit' || !baseCard || savingRef.current) return;
      const { status: _status, ...fields } = patchOfChanges(original, form.getValues());
      const keys = Object.keys(fields) as (keyof typeof fields)[];
      if (keys.length === 0) return;
      const queue = cardSaveQueue(queryClient, tenantId, baseCard.id);
      for (const key of keys)
        queue.enqueue({
          key,
          label: fieldLabels[key] ?? key,
          patch: { [key]: fields[key] },
          previous: cardValueAt(baseCard, key),
          baseVersion: baseCard.version,
        });
      queue.sendOnExit();
      // Handed over: the panel's auto-save must not send them a second time.
      const current = form.getValues();
      setOriginal((before) => ({
        ...before,
        ...Object.fromEntries(keys.map((key) => [key, current[key as keyof EditCardValues]])),
      }));
    };
  });
  useEffect(() => registerExitSender(() => handOverRef.current()), []);

  const discardChanges = useCallback(() => {
    form.reset(original);
    setConflict(null);
    if (isTemplateDirty && baseCard) removeFormDraft(tenantId, baseCard.id);
    toast('Changes discarded', { description: 'Your changes have been discarded.' });
  }, [baseCard, form, isTemplateDirty, original, tenantId]);

  /**
   * Every way of closing (Escape, the close button, a click outside, a swipe) comes here. Changes
   * that can be sent are saved and the panel closes (issue 18); it asks first only when they cannot
   * be (offline, a refused save, a conflict) or when a new card is not yet created.
   */
  const requestClose = useCallback(() => {
    if (!isDirty) {
      close();
      return;
    }
    const cannotSend = hasUnsendableChanges() || (typeof navigator !== 'undefined' && !navigator.onLine);
    if (mode === 'create' || cannotSend || conflict) {
      setIsConfirmingClose(true);
      return;
    }
    if (!isCardDirty) {
      close();
      return;
    }
    void saveChanges({ quiet: true }).then((isSaved) => {
      if (isSaved) close();
      else setIsConfirmingClose(true);
    });
  }, [close, conflict, isCardDirty, isDirty, mode, saveChanges]);

  const swipe = useSwipeToClose(requestClose);
  useShortcutHandler('save', () => void submit());
  useShortcutHandler('escape', requestClose);

  const onKeyDown = (event: ReactKeyboardEvent) => {
    const isSave =
      (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';
    // Ctrl/Cmd+S saves even while typing in a field of the panel (the app-wide shortcut does not).
    if (!isSave || event.defaultPrevented) return;
    event.preventDefault();
    if (!event.repeat) void submit();
  };

  const title =
    mode === 'create' ? (createTitle ?? 'New Card') : hasTemplateForm ? 'NDIS Template' : 'Edit Card';
  const description =
    mode === 'create'
      ? (createDescription ?? 'Create a work item for a team.')
      : baseCard
        ? `${baseCard.workItemId} · ${baseCard.title}`
        : '';
  const fieldsDisabled = isLocked || isSaving;

  /**
   * A select bound to the form as a controlled element: its options can arrive after it mounts (teams,
   * templates, team members), and a controlled value is applied again when they do.
   */
  const selectField = (name: SelectName, onChanged?: () => void) => ({
    name,
    value: values[name] ?? '',
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      form.setValue(name, event.target.value as EditCardValues[SelectName], {
        shouldValidate: form.formState.isSubmitted,
      });
      onChanged?.();
    },
  });

  const cardFields = (
    <div className="grid gap-4 sm:grid-cols-2">
      {mode === 'create' ? (
        <>
          <FieldBlock id={ids.teamId} label="Team" error={errors.teamId} className="sm:col-span-2">
            <NativeSelect
              id={ids.teamId}
              wrapperClassName="w-full"
              aria-invalid={errors.teamId ? true : undefined}
              aria-describedby={describedBy(ids.teamId, false, errors.teamId)}
              disabled={isSaving}
              {...selectField('teamId', () => form.setValue('assigneeId', ''))}
            >
              <option value="">{teams ? 'Choose a team' : 'Loading teams...'}</option>
              {writableTeams.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </NativeSelect>
          </FieldBlock>
          <FieldBlock
            id={ids.templateId}
            label="Template"
            className="sm:col-span-2"
            hint={
              chosenTemplate
                ? `${chosenTemplate.ndisRequired ? 'NDIS required. ' : ''}Due ${chosenTemplate.estimatedDuration} day${chosenTemplate.estimatedDuration === 1 ? '' : 's'} after today unless you choose a due date.`
                : undefined
            }
          >
            <NativeSelect
              id={ids.templateId}
              wrapperClassName="w-full"
              aria-describedby={chosenTemplate ? `${ids.templateId}-hint` : undefined}
              disabled={isSaving}
              {...selectField('templateId')}
            >
              <option value="">No template</option>
              {activeTemplates.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
              {values.templateId && !chosenTemplate ? (
                <option value={values.templateId}>
                  {templates ? values.templateId : 'Loading templates...'}
                </option>
              ) : null}
            </NativeSelect>
          </FieldBlock>
        </>
      ) : null}

      <FieldBlock id={ids.title} label="Title" error={errors.title} className="sm:col-span-2">
        <Input
          id={ids.title}
          data-autofocus
          aria-required="true"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(ids.title, false, errors.title)}
          disabled={fieldsDisabled}
          {...register('title')}
        />
      </FieldBlock>

      <FieldBlock
        id={ids.description}
        label="Description"
        error={errors.description}
        className="sm:col-span-2"
      >
        <textarea
          id={ids.description}
          rows={4}
          className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(ids.description, false, errors.description)}
          disabled={fieldsDisabled}
          {...register('description')}
        />
      </FieldBlock>

      <FieldBlock id={ids.assigneeId} label="Assigned to">
        <NativeSelect
          id={ids.assigneeId}
          wrapperClassName="w-full"
          disabled={fieldsDisabled}
          {...selectField('assigneeId')}
        >
          <option value="">Unassigned</option>
          {(team?.members ?? [])
            .filter((member) => canBeAssignedCards(member.role))
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          {baseCard?.assigneeId &&
          !team?.members.some(
            (member) => member.userId === baseCard.assigneeId && canBeAssignedCards(member.role),
          ) ? (
            <option value={baseCard.assigneeId}>{baseCard.assigneeName ?? 'Current assignee'}</option>
          ) : null}
        </NativeSelect>
      </FieldBlock>

      {mode === 'edit' && baseCard ? (
        <FieldBlock
          id={ids.status}
          label="Status"
          hint="The compliance workflow: only the moves allowed from the current status are offered."
        >
          <NativeSelect
            id={ids.status}
            wrapperClassName="w-full"
            aria-describedby={`${ids.status}-hint`}
            disabled={isSaving}
            {...selectField('status')}
            onChange={(event) => {
              // Approving asks first (issue 18 item 4), as the card page's Approve does.
              if (event.target.value === 'approved' && baseCard.status !== 'approved') {
                setIsConfirmingApproval(true);
                return;
              }
              selectField('status').onChange(event);
            }}
          >
            {statusChoices(baseCard.status).map((status) => {
              const refusal = statusRefusals.get(status) ?? null;
              return (
                <option key={status} value={status} disabled={refusal !== null}>
                  {cardStatusLabels[status]}
                  {refusal ? ` (${refusal})` : ''}
                </option>
              );
            })}
          </NativeSelect>
        </FieldBlock>
      ) : null}

      <FieldBlock id={ids.priority} label="Priority">
        <NativeSelect
          id={ids.priority}
          wrapperClassName="w-full"
          disabled={fieldsDisabled}
          {...selectField('priority')}
        >
          {priorities.map((priority) => (
            <option key={priority} value={priority}>
              {priorityLabels[priority]}
            </option>
          ))}
        </NativeSelect>
      </FieldBlock>

      <FieldBlock
        id={ids.dueDate}
        label="Due date"
        error={errors.dueDate}
        hint={
          mode === 'create' && !values.dueDate && chosenTemplate
            ? 'Set from the template when left empty.'
            : undefined
        }
      >
        <Controller
          control={control}
          name="dueDate"
          render={({ field }) => (
            <DateInput
              id={ids.dueDate}
              aria-invalid={errors.dueDate ? true : undefined}
              aria-describedby={describedBy(
                ids.dueDate,
                mode === 'create' && !values.dueDate && Boolean(chosenTemplate),
                errors.dueDate,
              )}
              {...field}
              disabled={fieldsDisabled}
            />
          )}
        />
      </FieldBlock>

      <FieldBlock id={ids.category} label="Category">
        <NativeSelect
          id={ids.category}
          wrapperClassName="w-full"
          disabled={fieldsDisabled}
          {...selectField('category')}
        >
          <option value="">No category</option>
          {cardCategories.map((category) => (
            <option key={category} value={category}>
              {cardCategoryLabels[category]}
            </option>
          ))}
        </NativeSelect>
      </FieldBlock>
    </div>
  );

  const footer = (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <Button
        variant="outline"
        disabled={!isCardDirty || isSaving}
        onClick={() => {
          discardChanges();
          close();
        }}
      >
        Cancel
      </Button>
      <Button disabled={!isCardDirty || isSaving} onClick={() => void submit()}>
        {isSaving ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
        {mode === 'create' ? 'Create Card' : 'Save Changes'}
      </Button>
    </div>
  );

  const notices = (
    <>
      {conflict ? (
        <Alert variant="destructive" data-testid="edit-card-conflict">
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>Someone else changed this card</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {conflict.conflictingFields.map((field) => (
                <li key={field}>
                  {fieldLabels[field] ?? field}: {conflict.current.lastModifiedByName ?? 'Someone'} changed it
                  to <q>{describeValue(conflict.current, field)}</q>
                </li>
              ))}
            </ul>
            <p>Save Changes to keep yours, or Cancel to take theirs.</p>
          </AlertDescription>
        </Alert>
      ) : null}
      {isLocked && baseCard ? (
        <Alert>
          <LockIcon aria-hidden="true" />
          <AlertDescription>
            This card is {cardStatusLabels[baseCard.status]} and can no longer be edited; only its status can
            change.
          </AlertDescription>
        </Alert>
      ) : null}
    </>
  );

  return (
    <Sheet
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) requestClose();
      }}
    >
      <SheetContent
        side="right"
        data-testid="edit-card-panel"
        data-fullscreen={isFullScreen || undefined}
        onKeyDown={onKeyDown}
        onOpenAutoFocus={(event) => {
          const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
            '[data-autofocus]',
          );
          if (field && !field.closest('[hidden]')) {
            event.preventDefault();
            field.focus();
          }
        }}
        onCloseAutoFocus={onCloseAutoFocus}
        onEscapeKeyDown={(event) => {
          // Taken already by a question open over the panel (ui/confirm-dialog.tsx): it answers Escape.
          if (event.defaultPrevented) return;
          event.preventDefault();
          requestClose();
        }}
        onInteractOutside={(event) => {
          const target = event.target as Element | null;
          // Full screen has no outside; toasts float above the panel and are not outside it.
          if (isFullScreen || target?.closest?.('[data-sonner-toaster]')) event.preventDefault();
        }}
        className={cn(
          'w-[85%] max-w-none gap-0 md:w-1/2 lg:w-1/3',
          isFullScreen && 'w-full border-l-0 md:w-full lg:w-full',
        )}
        // Collapsed, the panel keeps only its header.
        style={isCollapsed ? { bottom: 'auto', height: 'auto' } : undefined}
      >
        <TooltipProvider>
          <div
            className="flex touch-pan-y select-none flex-wrap items-center gap-x-2 gap-y-1 border-b py-3 pr-12 pl-4"
            data-testid="edit-card-panel-header"
            {...swipe}
          >
            <SheetTitle className="text-base">{title}</SheetTitle>
            {isDirty ? (
              <Badge variant="secondary" data-testid="unsaved-badge">
                Unsaved
              </Badge>
            ) : null}
            {isSaving ? (
              <span role="status" className="inline-flex items-center gap-1 text-muted-foreground text-xs">
                <Loader2Icon className="size-3.5 animate-spin" aria-hidden="true" />
                <span className="sr-only">Saving</span>
              </span>
            ) : savedAt ? (
              <span role="status" className="text-muted-foreground text-xs">
                Saved {formatTimeOfDay(savedAt)}
              </span>
            ) : null}
            <SheetDescription className="sr-only">{description}</SheetDescription>
            <div className="ml-auto flex items-center gap-1">
              <Tooltip>
                <TooltipTrigger asChild>
                  <Button variant="ghost" size="icon" className="size-8" aria-label="Keyboard shortcuts">
                    <KeyboardIcon aria-hidden="true" />
                  </Button>
                </TooltipTrigger>
                <TooltipContent>Press Escape to close • Ctrl/Cmd+S to save</TooltipContent>
              </Tooltip>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={isCollapsed ? 'Expand panel' : 'Collapse panel'}
                aria-expanded={!isCollapsed}
                onClick={() => setIsCollapsed((value) => !value)}
              >
                {isCollapsed ? (
                  <ChevronsUpDownIcon aria-hidden="true" />
                ) : (
                  <ChevronsDownUpIcon aria-hidden="true" />
                )}
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={isFullScreen ? 'Exit full screen' : 'Full screen'}
                aria-pressed={isFullScreen}
                onClick={() => setIsFullScreen((value) => !value)}
              >
                {isFullScreen ? <Minimize2Icon aria-hidden="true" /> : <Maximize2Icon aria-hidden="true" />}
              </Button>
            </div>
          </div>
        </TooltipProvider>

        <div hidden={isCollapsed} className="flex min-h-0 flex-1 flex-col">
          {hasTemplateForm && latestCard ? (
            <div className="flex-1 overflow-y-auto">
              <div className="flex flex-col gap-4 p-4">
                {notices}
                <Collapsible
                  open={isDetailsOpen}
                  onOpenChange={setIsDetailsOpen}
                  className="rounded-lg border"
                >
                  <CollapsibleTrigger asChild>
                    <button
                      type="button"
                      className="flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left font-medium text-sm hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <span>
                        Card details
                        {isCardDirty ? <span className="sr-only"> (changed)</span> : null}
                      </span>
                      <ChevronDownIcon
                        className={cn('size-4 transition-transform', isDetailsOpen && 'rotate-180')}
                        aria-hidden="true"
                      />
                    </button>
                  </CollapsibleTrigger>
                  <CollapsibleContent className="flex flex-col gap-4 border-t p-3">
                    {cardFields}
                    {footer}
                  </CollapsibleContent>
                </Collapsible>
                <LazyPartBoundary
                  fallback={<p className="text-muted-foreground text-sm">Loading NDIS template...</p>}
                >
                  <TemplateForm
                    tenantId={tenantId}
                    card={latestCard}
                    template={template}
                    variant="card-panel"
                    onDirtyChange={setIsTemplateDirty}
                    onSaved={(saved) => {
                      setSavedAt(new Date());
                      onSaved?.(saved);
                    }}
                    onClose={() => {
                      // The form asked about its own unsaved values before calling this.
                      setIsTemplateDirty(false);
                      if (isCardDirty) setIsConfirmingClose(true);
                      else close();
                    }}
                  />
                </LazyPartBoundary>
              </div>
            </div>
          ) : (
            <>
              <div className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
                {notices}
                {mode === 'create' && teams && writableTeams.length === 0 ? (
                  <Alert>
                    <AlertDescription>You are not on a team where you can add cards.</AlertDescription>
                  </Alert>
                ) : null}
                <form
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    void submit();
                  }}
                >
                  {cardFields}
                </form>
              </div>
              {/* Cancel and Save Changes at the panel's foot: toasts rise above them. */}
              <div ref={keepClearOfToasts} data-testid="edit-card-footer" className="border-t p-4">
                {footer}
              </div>
            </>
          )}
        </div>

        <ApproveConfirmDialog
          open={isConfirmingApproval}
          whenSaved
          onCancel={() => setIsConfirmingApproval(false)}
          onApprove={() => form.setValue('status', 'approved')}
        />
        <UnsavedChangesDialog
          open={isConfirmingClose}
          isSaving={isSaving}
          onKeepEditing={() => setIsConfirmingClose(false)}
          onDiscard={() => {
            setIsConfirmingClose(false);
            discardChanges();
            close();
          }}
          onSaveAndClose={() => {
            void (async () => {
              const isSaved = await submit();
              setIsConfirmingClose(false);
              // Create mode closes and opens the new card itself; a failed save stays open, its values kept.
              if (isSaved && mode === 'edit') close();
            })();
          }}
        />
      </SheetContent>
    </Sheet>
  );
}
