import { hasCriticalIssue, isExportBlocked } from '@wattle/domain/cards/compliance';
import type { Card, ComplianceIssue } from '@wattle/domain/cards/schemas';
import { cardStatusLabels, isStatusEditable } from '@wattle/domain/cards/workflow';
import type { FormField, FormSectionId, FormTemplate } from '@wattle/domain/templates/schemas';
import { type FormSection, groupFieldsBySection } from '@wattle/domain/templates/sections';
import { signedValuesHash } from '@wattle/domain/templates/signatures';
import {
  AlertCircleIcon,
  CheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloudOffIcon,
  DownloadIcon,
  LoaderCircleIcon,
  LockIcon,
  RotateCwIcon,
  SaveIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import {
  type FocusEvent,
  type JSX,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTenantClock } from '@/features/time/use-tenant-clock';
import { isApiError } from '@/lib/http';
import { formatMomentDay } from '@/lib/org-dates';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { formatTimeWithSeconds } from '@/ui/date-text';
import { Progress } from '@/ui/progress';
import { toast } from '@/ui/toast';
import { downloadCardPdf, requestAiDraft } from '../api';
import { CloseConfirmDialog } from './close-confirm-dialog';
import { TemplateFormField } from './form-field';
import {
  aiDraftDescription,
  bySeverity,
  clampPage,
  criticalIssues,
  exportBlockDescription,
  fieldPageSize,
  issueCount,
  issuesByField,
  moreIssuesText,
  pageCount,
  pageItems,
  pageLabel,
  remainingText,
  summariseIssues,
} from './form-helpers';
import { FormSectionPanel, IssueCountBadge, sectionIcon } from './form-section';
import { useSigner } from './use-signer';
import { destructiveToast, type FormSaveState, useTemplateFormState } from './use-template-form-state';

/** The form's words when Save stored a draft that critical issues keep from review (issue 18). */
export const draftOnlyMessage =
  "Saved as a draft. It can't be submitted for review until the critical issues are fixed.";

/** How long after the last change the form saves (the spec's editor delay, issue 18). */
export const formAutoSaveMs = 2_000;

export interface TemplateFormProps {
  tenantId: string;
  /** The server's current card (from features/cards/api.ts cardQueryOptions). */
  card: Card;
  /** undefined while loading → 'Loading NDIS template...' */
  template: FormTemplate | null | undefined;
  /** 'panel': the card detail page's form (collapsible sections, Save and Close);
   *  'card-panel': the Edit Card side panel's form (fields paged 6 per page, 'Page X of Y', Export PDF,
   *  Cancel, Save). Both save what is typed 2 s after the last change and at once on leaving a field. */
  variant: 'panel' | 'card-panel';
  /** Default 2_000 (the spec's editor delay; issue 18: never lose typing). */
  autoSaveDelayMs?: number;
  onClose?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  onSaved?: (card: Card) => void;
  /** The person may only read the card (no write permission): the form shows values, saves nothing. */
  readOnly?: boolean;
  /** Export PDF is offered (the server exports for readers with read:cards; a family guardian reads a shared plan without it). */
  canExport?: boolean;
}

/**
 * The compliance template form (spec work section 2, "Compliance template form panel" and
 * "Template-form editor"): the card detail page's panel and the Edit Card side panel's editor.
 */
export function TemplateForm(props: TemplateFormProps): JSX.Element {
  if (props.template === undefined) {
    return (
      <p role="status" className="py-10 text-center text-muted-foreground text-sm">
        Loading NDIS template...
      </p>
    );
  }
  if (props.template === null) {
    return (
      <p className="py-6 text-center text-muted-foreground text-sm">This card has no compliance template.</p>
    );
  }
  return <TemplateFormBody {...props} template={props.template} />;
}

/** One empty list for every field without issues, so a memoised field sees no change. */
const noIssues: readonly ComplianceIssue[] = [];

interface SectionGroup {
  section: FormSection;
  fields: FormField[];
}

function TemplateFormBody({
  tenantId,
  card,
  template,
  variant,
  autoSaveDelayMs,
  onClose,
  onDirtyChange,
  onSaved,
  readOnly: isViewer = false,
  canExport = true,
}: TemplateFormProps & { template: FormTemplate }) {
  // Only draft and in-progress cards take changes of their fields (spec work section 4).
  const isLocked = !isStatusEditable(card.status);
  const readOnly = isViewer || isLocked;
  const form = useTemplateFormState({
    readOnly,
    tenantId,
    card,
    template,
    autoSaveDelayMs: autoSaveDelayMs ?? formAutoSaveMs,
    onSaved,
    onDirtyChange,
  });
  const { current, values, compliance } = form;
  const issues: ComplianceIssue[] = compliance?.issues ?? [];
  const byField = useMemo(() => issuesByField(issues), [issues]);
  // Signatures show whether they still match the form as it is now (decision 0021).
  const signer = useSigner(tenantId, card.teamId);
  const { timeZone } = useTenantClock(tenantId);
  // Hashing every signed value is work for each keystroke: it follows typing a render behind, and
  // is done only when a signature field is drawn (their sections are often closed), once for all of
  // them (issue 19: it was about a third of the task that first drew a plan's form).
  const { deferredValues } = form;
  const signing = useMemo(() => {
    let hash: string | undefined;
    return { signer, currentHash: () => (hash ??= signedValuesHash(template, deferredValues)) };
  }, [signer, template, deferredValues]);
  const groups = useMemo<SectionGroup[]>(() => groupFieldsBySection(template.fields), [template.fields]);
  const critical = criticalIssues(issues);
  const hasCritical = hasCriticalIssue(issues);
  const completion = compliance?.completion ?? 0;

  const [openSections, setOpenSections] = useState<Partial<Record<FormSectionId, boolean>>>({
    'participant-info': true,
  });
  const [aiSection, setAiSection] = useState<FormSectionId | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [exporting, setExporting] = useState(false);
  // Set when Save stored a draft that critical issues keep from review; cleared once they are fixed.
  const [savedAsDraft, setSavedAsDraft] = useState(false);
  const showDraftNotice = savedAsDraft && hasCritical;
  const criticalAlertId = useId();

  /** After a blocked save or export, open the sections whose fields have issues, so they are seen. */
  const revealIssues = () => {
    setOpenSections((previous) => {
      const next = { ...previous };
      for (const group of groups) if (issueCount(group.fields, byField) > 0) next[group.section.id] = true;
      return next;
    });
  };

  /** Save and Ctrl/Cmd+S: always a draft of the values; submitted too unless critical issues remain. */
  const save = async () => {
    revealIssues();
    const outcome = await form.submit(
      variant === 'panel'
        ? { title: 'NDIS Template Saved', description: 'Your changes have been saved successfully.' }
        : { title: 'Template Saved', description: `${template.name} has been saved successfully.` },
    );
    if (outcome === 'draft') {
      setSavedAsDraft(true);
      toast.success('Saved as a draft', {
        id: `draft-only-${current.id}`,
        description: "It can't be submitted for review until the critical issues are fixed.",
      });
    }
    return outcome !== null;
  };

  /** Ctrl/Cmd+S in the form is its Save (with critical issues: a draft, and the issues show). */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const isSave =
      (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';
    if (!isSave || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    if (!form.isSubmitting) void save();
  };

  /** Leaving a field saves what was typed in it at once (focus moving out of the field). */
  const onFieldBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    const field = (event.target as Element).closest?.('[data-field-id]');
    if (field && next && field.contains(next)) return;
    form.saveNow();
  };

  /** Closing sends what is typed; it asks first only when that cannot be sent (offline, refused). */
  const requestClose = () => {
    form.saveNow();
    if (form.saveState === 'failed' || form.saveState === 'local') setConfirmClose(true);
    else onClose?.();
  };

  const exportPdf = async () => {
    form.setSubmitAttempted(true);
    if (isExportBlocked(issues)) {
      revealIssues();
      destructiveToast('Compliance required', exportBlockDescription(issues));
      return;
    }
    setExporting(true);
    try {
      // The PDF is made from what the server holds: save what is typed first.
      if (form.hasUnsavedEdits || form.hasTyping()) await form.sendEdits();
      await downloadCardPdf(tenantId, current.id, `${current.workItemId} ${template.name}.pdf`);
    } catch (error) {
      if (isApiError(error, 'COMPLIANCE_REQUIRED')) destructiveToast('Compliance required', error.message);
      else
        destructiveToast(
          'Export failed',
          isApiError(error) ? error.message : 'The PDF could not be made. Please try again.',
        );
    } finally {
      setExporting(false);
    }
  };

  const runAi = async (section: FormSection, fields: FormField[]) => {
    setAiSection(section.id);
    try {
      const draft = await requestAiDraft(tenantId, current.id, section.id);
      const ids = new Set(fields.map((f) => f.id));
      const changes = Object.fromEntries(Object.entries(draft.fieldValues).filter(([id]) => ids.has(id)));
      // Applied as ordinary changes: they show at once and auto-save like typing.
      form.setValues(changes);
      setOpenSections((previous) => ({ ...previous, [section.id]: true }));
      toast.success('AI Behaviour Plan Generated', { description: aiDraftDescription(draft.sources) });
    } catch {
      destructiveToast(
        'AI Generation Failed',
        'Unable to generate behaviour plan. Please try again or contact support.',
      );
    } finally {
      setAiSection(null);
    }
  };

  const renderField = (field: FormField) => (
    <TemplateFormField
      key={field.id}
      field={field}
      value={values[field.id]}
      onFieldChange={form.setValue}
      onFieldTyping={form.noteTyping}
      issues={byField.get(field.id) ?? noIssues}
      showIssues={form.submitAttempted}
      readOnly={readOnly}
      signing={field.type === 'signature' ? signing : undefined}
    />
  );

  const saveStatus = readOnly ? null : (
    <FormSaveStatus state={form.saveState} lastSavedAt={form.lastSavedAt} onRetry={form.retry} />
  );

  const saveButton = (
    <Button
      onClick={() => void save()}
      disabled={form.isSubmitting}
      aria-describedby={hasCritical ? criticalAlertId : undefined}
    >
      {form.isSubmitting ? (
        <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      ) : (
        <SaveIcon aria-hidden="true" />
      )}
      Save
    </Button>
  );
  const exportButton = canExport ? (
    <Button variant="outline" onClick={() => void exportPdf()} disabled={exporting}>
      {exporting ? (
        <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      Export PDF
    </Button>
  ) : null;

  const readOnlyNotice = readOnly ? (
    <Alert>
      <LockIcon aria-hidden="true" />
      <AlertDescription>
        {isLocked
          ? `This card is ${cardStatusLabels[card.status]}: its form can no longer be changed.`
          : 'You can read this form but not change it.'}
      </AlertDescription>
    </Alert>
  ) : null;

  const draftNotice = showDraftNotice ? (
    <p role="status" className="font-medium text-sm" data-testid="draft-only-notice">
      {draftOnlyMessage}
    </p>
  ) : null;

  const closeDialog = (
    <CloseConfirmDialog
      open={confirmClose}
      onOpenChange={setConfirmClose}
      onConfirm={() => {
        form.discard();
        setConfirmClose(false);
        onClose?.();
      }}
    />
  );

  if (variant === 'card-panel') {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: catches Ctrl/Cmd+S bubbling up from the fields; the container itself takes no input.
      <div
        className="grid grid-cols-[minmax(0,1fr)] gap-4"
        data-testid="template-form"
        data-variant="card-panel"
        onKeyDown={onKeyDown}
        onBlur={onFieldBlur}
      >
        <CompletionBlock completion={completion} remaining={form.remaining} saveStatus={saveStatus} compact />
        {readOnlyNotice}
        <IssuesAlert issues={issues} id={criticalAlertId} />
        {draftNotice}
        <PagedFields groups={groups} renderField={renderField} byField={byField} />
        <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
          {exportButton}
          <Button variant="outline" onClick={requestClose}>
            Cancel
          </Button>
          {readOnly ? null : saveButton}
        </div>
        {closeDialog}
      </div>
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: catches Ctrl/Cmd+S bubbling up from the fields; the container itself takes no input.
    <div
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      data-testid="template-form"
      data-variant="panel"
      onKeyDown={onKeyDown}
      onBlur={onFieldBlur}
    >
      <header className="grid gap-3 rounded-lg border bg-card p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-lg leading-tight">{template.name}</h2>
          {template.ndisRequired ? <Badge variant="accent">NDIS Required</Badge> : null}
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-sm">
          <div className="flex gap-1">
            <dt>Card</dt>
            <dd className="font-medium text-foreground">{current.workItemId}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Status</dt>
            <dd className="font-medium text-foreground">{cardStatusLabels[current.status]}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Created</dt>
            <dd>{formatMomentDay(current.createdAt, timeZone)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Updated</dt>
            <dd>{formatMomentDay(current.updatedAt, timeZone)}</dd>
          </div>
        </dl>
        {current.description || template.description ? (
          <p className="text-sm">{current.description || template.description}</p>
        ) : null}
        <CompletionBlock completion={completion} remaining={form.remaining} saveStatus={saveStatus} />
      </header>

      {readOnlyNotice}
      {critical.length > 0 && !readOnly ? (
        <Alert variant="destructive" id={criticalAlertId}>
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle className="line-clamp-none">
            Critical issues must be resolved before submitting for review
          </AlertTitle>
          <AlertDescription>
            <IssueList issues={critical} />
          </AlertDescription>
        </Alert>
      ) : null}
      {draftNotice}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
        {groups.map(({ section, fields }) => (
          <FormSectionPanel
            key={section.id}
            section={section}
            open={openSections[section.id] === true}
            onOpenChange={(open) => setOpenSections((previous) => ({ ...previous, [section.id]: open }))}
            issueCount={issueCount(fields, byField)}
            onAi={section.hasAi && !readOnly ? () => void runAi(section, fields) : undefined}
            aiRunning={aiSection === section.id}
            aiDisabled={aiSection !== null}
          >
            {fields.map(renderField)}
          </FormSectionPanel>
        ))}
      </div>

      <footer className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-surface p-4">
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-sm">
          <div className="flex gap-1">
            <dt>Template:</dt>
            <dd className="text-foreground">{template.name}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Version:</dt>
            <dd className="text-foreground">{template.version || '1.0'}</dd>
          </div>
          <div className="flex gap-1">
            <dt>NDIS Required:</dt>
            <dd className="text-foreground">{template.ndisRequired ? 'Yes' : 'No'}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          {exportButton}
          {onClose ? (
            <Button variant="outline" onClick={requestClose}>
              Close
            </Button>
          ) : null}
          {readOnly ? null : saveButton}
        </div>
      </footer>
      {closeDialog}
    </div>
  );
}

function CompletionBlock({
  completion,
  remaining,
  saveStatus,
  compact = false,
}: {
  completion: number;
  remaining: number;
  saveStatus: ReactNode;
  compact?: boolean;
}) {
  const labelId = useId();
  return (
    <div className={compact ? 'grid gap-1.5' : 'grid gap-1.5 border-t pt-3'}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium">
          {compact ? 'Completion' : 'Compliance'}: {remainingText(remaining)}
        </span>
        <span className="text-muted-foreground">{completion}% complete</span>
      </div>
      <Progress value={completion} aria-labelledby={labelId} />
      {saveStatus}
    </div>
  );
}

/**
 * Whether the server has what was typed (issue 18): 'Saving…' until it does, 'Saved' when it does,
 * 'Saved on this device only' while offline or the server cannot be reached (kept in this browser's
 * storage and sent when it can be), 'Failed (Retry)' when the server refused it. Before any change:
 * 'Auto-saves as you type' (within 2 s, and at once on leaving a field or the page).
 */
function FormSaveStatus({
  state,
  lastSavedAt,
  onRetry,
}: {
  state: FormSaveState;
  lastSavedAt: Date | null;
  onRetry: () => void;
}) {
  const base = 'flex min-h-5 items-center gap-1 text-xs';
  if (state === 'failed') {
    return (
      <p role="status" className={`${base} text-destructive`} data-testid="form-save-status">
        <AlertCircleIcon aria-hidden="true" className="size-3.5" />
        Failed{' '}
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex items-center gap-1 rounded-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          (Retry)
          <RotateCwIcon aria-hidden="true" className="size-3" />
        </button>
      </p>
    );
  }
  if (state === 'local') {
    return (
      <p
        role="status"
        className={`${base} text-amber-800 dark:text-amber-300`}
        data-testid="form-save-status"
        title="Not yet on the server: sent when the connection is back."
      >
        <CloudOffIcon aria-hidden="true" className="size-3.5" />
        Saved on this device only
      </p>
    );
  }
  const text =
    state === 'saving'
      ? 'Saving…'
      : state === 'saved'
        ? lastSavedAt
          ? `Saved at ${formatTimeWithSeconds(lastSavedAt)}`
          : 'Saved'
        : 'Auto-saves as you type';
  return (
    <p role="status" className={`${base} text-muted-foreground`} data-testid="form-save-status">
      {state === 'saving' ? (
        <LoaderCircleIcon aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
      ) : state === 'saved' ? (
        <CheckIcon aria-hidden="true" className="size-3.5 text-emerald-700" />
      ) : null}
      {text}
    </p>
  );
}

function IssueList({ issues }: { issues: readonly ComplianceIssue[] }) {
  const { shown, more } = summariseIssues(issues);
  return (
    <ul className="grid list-disc gap-0.5 pl-4">
      {shown.map((issue) => (
        <li key={issue.id}>{issue.description}</li>
      ))}
      {more > 0 ? <li className="list-none">{moreIssuesText(more)}</li> : null}
    </ul>
  );
}

/**
 * The card-panel variant's alert: up to 3 compliance issues, the most severe first, and
 * '...and N more'; while a critical one exists it says that blocks saving.
 */
function IssuesAlert({ issues, id }: { issues: readonly ComplianceIssue[]; id: string }) {
  if (issues.length === 0) return null;
  const sorted = bySeverity(issues);
  const isCritical = sorted[0]?.severity === 'critical';
  return (
    <Alert variant={isCritical || sorted[0]?.severity === 'high' ? 'destructive' : 'default'} id={id}>
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>Compliance issues</AlertTitle>
      <AlertDescription>
        <IssueList issues={sorted} />
        {isCritical ? (
          <p className="font-medium">
            Save keeps a draft; critical issues must be resolved before submitting for review.
          </p>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/** The card-panel variant's fields, 6 to a page in section order, with previous/next and 'Page X of Y'. */
function PagedFields({
  groups,
  renderField,
  byField,
}: {
  groups: readonly SectionGroup[];
  renderField: (field: FormField) => JSX.Element;
  byField: Map<string, ComplianceIssue[]>;
}) {
  const items = useMemo(
    () => groups.flatMap(({ section, fields }) => fields.map((field) => ({ section, field }))),
    [groups],
  );
  const [page, setPage] = useState(0);
  const regionRef = useRef<HTMLFieldSetElement>(null);
  const shownPage = clampPage(page, items.length);
  const goTo = (next: number) => {
    setPage(next);
    // The new page starts at the top: move there, and tell screen readers where they are.
    requestAnimationFrame(() => regionRef.current?.focus());
  };
  const pageFields = pageItems(items, shownPage);
  const pages = pageCount(items.length);
  const regionId = useId();

  // Consecutive fields of one section under one heading.
  const runs: { section: FormSection; fields: FormField[] }[] = [];
  for (const { section, field } of pageFields) {
    const last = runs.at(-1);
    if (last && last.section.id === section.id) last.fields.push(field);
    else runs.push({ section, fields: [field] });
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <fieldset
        id={regionId}
        ref={regionRef}
        tabIndex={-1}
        aria-label={`Form fields, ${pageLabel(shownPage, items.length)}`}
        className="m-0 grid min-w-0 scroll-mt-4 gap-5 rounded-md border-0 p-0 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {runs.map(({ section, fields }) => {
          const Icon = sectionIcon(section);
          return (
            <section key={`${section.id}-${fields[0]?.id}`} className="grid grid-cols-[minmax(0,1fr)] gap-4">
              <h3 className="flex items-center gap-2 border-b pb-1 font-semibold text-sm">
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {section.name}
                <IssueCountBadge count={issueCount(fields, byField)} />
              </h3>
              {fields.map(renderField)}
            </section>
          );
        })}
      </fieldset>
      {pages > 1 ? (
        <nav aria-label="Form pages" className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-controls={regionId}
            disabled={shownPage === 0}
            onClick={() => goTo(shownPage - 1)}
          >
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
          <span className="text-muted-foreground text-sm">
            {pageLabel(shownPage, items.length, fieldPageSize)}
          </span>
          <Button
            variant="outline"
            size="sm"
            aria-controls={regionId}
            disabled={shownPage >= pages - 1}
            onClick={() => goTo(shownPage + 1)}
          >
            Next
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
