import { useQueryClient } from '@tanstack/react-query';
import { hasCriticalIssue, isFieldFilled, validateCompliance } from '@wattle/domain/cards/compliance';
import type { Card, Compliance } from '@wattle/domain/cards/schemas';
import type { FieldValue, FieldValues, FormTemplate } from '@wattle/domain/templates/schemas';
import {
  type CSSProperties,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cardKeys, patchCard } from '@/features/cards/api';
import { cardSaveQueue, useCardSaveQueue } from '@/features/cards/field-save-queue';
import { onLeavingPage, registerUnsendableCheck } from '@/features/cards/unsent-changes';
import { isApiError } from '@/lib/http';
import { toast } from '@/ui/toast';
import { readFormDraft, removeFormDraft, writeFormDraft } from './form-draft';
import { editsAfterSave, sameValue, unsavedEdits } from './form-helpers';

/** The destructive toast style in the app's reds (as the notification toasts use: AA contrast). */
export const destructiveToastStyle = {
  '--error-bg': '#fef2f2',
  '--error-border': '#fecaca',
  '--error-text': '#991b1b',
} as CSSProperties;

export function destructiveToast(title: string, description: string, id?: string): void {
  toast.error(title, { id, description, richColors: true, style: destructiveToastStyle });
}

interface Options {
  tenantId: string;
  card: Card;
  template: FormTemplate | null | undefined;
  /** How long after the last change the form's values go to the server (issue 18: 2 s). */
  autoSaveDelayMs: number;
  /**
   * Nothing can be changed (the card's status locks its fields, or the person may only read): the
   * server's values are shown and nothing is saved. A local draft is left as it is, for when the card
   * is editable again.
   */
  readOnly: boolean;
  onSaved?: (card: Card) => void;
  onDirtyChange?: (dirty: boolean) => void;
}

interface LocalState {
  cardId: string;
  /** Values typed but not yet saved, by field id (mirrored to the local draft). */
  edits: FieldValues;
  /**
   * The card version each edited field was first changed at since it was last saved: the version its
   * save starts from, so a field someone else wrote meanwhile is a conflict, not silently overwritten.
   */
  bases: Record<string, number>;
  /** Bumped on every change; the auto-save timer restarts on it. */
  changeCount: number;
}

const noEdits: FieldValues = {};

/**
 * What the save status says (issue 18: truthfully whether the server has it): 'saving' while typing
 * waits for its save or is being sent, 'saved' when the server holds everything, 'local' when it waits
 * on this device (offline, or the server unreachable), 'failed' when the server refused it or
 * someone else changed the field.
 */
export type FormSaveState = 'idle' | 'saving' | 'saved' | 'local' | 'failed';

/** What the explicit Save did: submitted (status moved), saved as a draft only, or nothing. */
export type FormSaveOutcome = 'submitted' | 'draft' | null;

function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
/** Queue keys and conflicting fields of form fields are `fieldValues.<id>`. */
const fieldKeyPrefix = 'fieldValues.';

function initialState(tenantId: string, card: Card): LocalState {
  const draft = readFormDraft(tenantId, card.id);
  // A restored draft holds values that were never saved: shown over the server's, and saved again.
  const edits = draft ? unsavedEdits(draft.values, card.fieldValues) : {};
  const bases: Record<string, number> = {};
  for (const fieldId of Object.keys(edits)) {
    bases[fieldId] = draft?.bases[fieldId] ?? (draft?.baseVersion || card.version);
  }
  return { cardId: card.id, edits, bases, changeCount: Object.keys(edits).length > 0 ? 1 : 0 };
}

/**
 * The state of a template form: the values shown (the server's with the unsaved edits over them),
 * compliance computed on every change, auto-save through the card's field-save queue, the local
 * draft, and the explicit Save.
 */
export function useTemplateFormState({
  tenantId,
  card,
  template,
  autoSaveDelayMs,
  readOnly,
  onSaved,
  onDirtyChange,
}: Options) {
  const queryClient = useQueryClient();
  const queue = useCardSaveQueue(tenantId, card.id);
  const [local, setLocal] = useState<LocalState>(() => initialState(tenantId, card));
  // Another card in the same form: start over from its own draft.
  let state = local;
  if (local.cardId !== card.id) {
    state = initialState(tenantId, card);
    setLocal(state);
  }
  const edits = readOnly ? noEdits : state.edits;
  const { changeCount } = state;

  // The newest card seen: the prop (kept fresh by the query and live changes) or what a save returned.
  const [savedCard, setSavedCard] = useState<Card | null>(null);
  const current =
    savedCard && savedCard.id === card.id && savedCard.version > card.version ? savedCard : card;
  const currentRef = useRef(current);
  currentRef.current = current;
  const editsRef = useRef(edits);
  editsRef.current = edits;
  const basesRef = useRef(state.bases);
  basesRef.current = state.bases;

  const [saving, setSaving] = useState(0);
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(null);
  const [submitAttempted, setSubmitAttempted] = useState(false);
  // The server refused the last save of the edits (a value over a field's limit): they stay here and
  // in the local draft until changed; leaving asks first.
  const [refused, setRefused] = useState(false);
  // The explicit Save is running (auto-saves are not: Save stays clickable while one runs, so a
  // click that blurs a field, and so starts its save, still lands).
  const [submitting, setSubmitting] = useState(0);
  // Values handed to the queue and not yet confirmed saved: not enqueued again meanwhile.
  const enqueued = useRef<FieldValues>({});
  // Rich-text fields typed in whose HTML has not come up yet (it does once typing pauses): each
  // gives it at once when asked, for a save or for leaving the page (issue 19: a keystroke makes
  // no HTML and draws no form; never lose typing: every save takes what is typed first).
  const typing = useRef(new Map<string, () => string | null>());
  // When a value last changed, typed or set: the auto-save runs `autoSaveDelayMs` after it.
  const lastChangeAt = useRef(0);

  const values = useMemo<FieldValues>(
    () => ({ ...current.fieldValues, ...edits }),
    [current.fieldValues, edits],
  );

  // What is derived from all the values (compliance of every field, the count left) follows typing
  // a render behind: a keystroke re-renders the field typed in at once, and React works out the
  // rest after it, in a render it drops when the next keystroke comes (issue 19: validating 44
  // fields on every keystroke made typing lag). Save and Submit check the values as they are.
  const deferredValues = useDeferredValue(values);
  const compliance = useMemo<Compliance | null>(
    () => (template ? validateCompliance(template, deferredValues) : null),
    [template, deferredValues],
  );
  const remaining = useMemo(
    () =>
      template
        ? template.fields.filter((f) => f.required && !isFieldFilled(f, deferredValues[f.id])).length
        : 0,
    [template, deferredValues],
  );

  const adopt = useCallback(
    (next: Card) => {
      setSavedCard((previous) => (previous && previous.version >= next.version ? previous : next));
      queryClient.setQueryData<Card>(cardKeys.detail(tenantId, next.id), (old) =>
        old && old.version > next.version ? old : next,
      );
    },
    [queryClient, tenantId],
  );

  const setValues = useCallback((changes: FieldValues) => {
    lastChangeAt.current = Date.now();
    // Known at once to what sends the edits (a save taking what is typed, then sending it, before
    // the form has drawn it); the next render sets the same.
    editsRef.current = { ...editsRef.current, ...changes };
    setLocal((previous) => {
      const bases = { ...previous.bases };
      for (const fieldId of Object.keys(changes)) {
        // A field's first change since it was saved starts from the card as shown now.
        if (!(fieldId in previous.edits)) bases[fieldId] = currentRef.current.version;
      }
      return {
        ...previous,
        edits: { ...previous.edits, ...changes },
        bases,
        changeCount: previous.changeCount + 1,
      };
    });
    setRefused(false);
  }, []);
  const setValue = useCallback(
    (fieldId: string, value: FieldValue) => {
      // A rich-text field sends its HTML up itself once typing pauses: nothing is left to take.
      typing.current.delete(fieldId);
      setValues({ [fieldId]: value });
    },
    [setValues],
  );
  /** The HTML of every rich-text field typed in and not yet come up, set as their values now. */
  const takeTyped = useCallback((): FieldValues => {
    const changes: FieldValues = {};
    for (const [fieldId, take] of typing.current) {
      const html = take();
      if (html !== null) changes[fieldId] = html;
    }
    typing.current.clear();
    if (Object.keys(changes).length > 0) setValues(changes);
    return changes;
  }, [setValues]);

  // Edits the server now holds (a failed auto-save the queue retried later, another person typing the
  // same) are no longer unsaved: dropped, so the draft and the dirty state say so.
  useEffect(() => {
    setLocal((previous) => {
      const left = unsavedEdits(previous.edits, current.fieldValues);
      return Object.keys(left).length === Object.keys(previous.edits).length
        ? previous
        : { ...previous, edits: left };
    });
  }, [current.fieldValues]);

  // A 409 on a form field waits in the queue for a choice. 'Use theirs' drops the queued change: the
  // form then drops its own edit of that field too (else the draft would bring it back); 'Keep mine'
  // sends it again and it stays pending until saved.
  const conflictFields = useRef<string[]>([]);
  useEffect(() => {
    if (queue.conflict) {
      conflictFields.current = queue.conflict.conflictingFields;
      return;
    }
    const pendingKeys = new Set(queue.pending.map((item) => item.key));
    const dropped = conflictFields.current
      .filter((key) => key.startsWith(fieldKeyPrefix) && !pendingKeys.has(key))
      .map((key) => key.slice(fieldKeyPrefix.length));
    conflictFields.current = [];
    if (dropped.length === 0) return;
    for (const fieldId of dropped) delete enqueued.current[fieldId];
    setLocal((previous) => {
      const edits = { ...previous.edits };
      for (const fieldId of dropped) delete edits[fieldId];
      return { ...previous, edits };
    });
  }, [queue.conflict, queue.pending]);

  // The draft in localStorage mirrors the unsaved edits on every change (and goes when none are left).
  useEffect(() => {
    if (!readOnly) writeFormDraft(tenantId, card.id, edits, basesRef.current, currentRef.current.version);
  }, [tenantId, card.id, edits, readOnly]);

  const fieldName = useCallback(
    (fieldId: string) => template?.fields.find((f) => f.id === fieldId)?.name ?? fieldId,
    [template],
  );

  /** Hands the unsaved edits to the save queue and waits until the queue has saved everything. */
  const sendEdits = useCallback(async (): Promise<Card> => {
    takeTyped();
    const base = currentRef.current;
    const sent = unsavedEdits(editsRef.current, base.fieldValues);
    for (const [fieldId, value] of Object.entries(sent)) {
      if (fieldId in enqueued.current && sameValue(enqueued.current[fieldId], value)) continue;
      enqueued.current[fieldId] = value;
      queue.enqueue(
        {
          key: `${fieldKeyPrefix}${fieldId}`,
          label: fieldName(fieldId),
          patch: { fieldValues: { [fieldId]: value } },
          previous: base.fieldValues[fieldId] ?? null,
          baseVersion: basesRef.current[fieldId] ?? base.version,
        },
        { toast: false },
      );
    }
    setSaving((n) => n + 1);
    try {
      const saved = await queue.flush();
      adopt(saved);
      for (const fieldId of Object.keys(sent)) {
        if (sameValue(enqueued.current[fieldId], sent[fieldId])) delete enqueued.current[fieldId];
      }
      setLocal((previous) => {
        const left = editsAfterSave(previous.edits, sent);
        // Typed on while saving: the next save of those fields starts from the version just saved.
        const bases = { ...previous.bases };
        for (const fieldId of Object.keys(left)) if (fieldId in sent) bases[fieldId] = saved.version;
        return { ...previous, edits: left, bases };
      });
      setLastSavedAt(new Date());
      return saved;
    } catch (error) {
      // Enqueue again on the next attempt (the queue keeps its failed items for Retry as well).
      enqueued.current = {};
      throw error;
    } finally {
      setSaving((n) => n - 1);
    }
  }, [adopt, fieldName, queue, takeTyped]);

  const autoSave = useCallback(async () => {
    takeTyped();
    if (Object.keys(unsavedEdits(editsRef.current, currentRef.current.fieldValues)).length === 0) return;
    try {
      const saved = await sendEdits();
      setRefused(false);
      onSaved?.(saved);
    } catch {
      // Offline or the server unreachable: the queue keeps the change and sends it when it can, and
      // the status says 'Saved on this device only'. Anything else was refused or conflicts.
      const status = cardSaveQueue(queryClient, tenantId, card.id).getSnapshot().status;
      if (status === 'local') return;
      setRefused(true);
      destructiveToast(
        'Auto-save failed',
        'Your changes will be saved locally as a draft.',
        `auto-save-${card.id}`,
      );
    }
  }, [sendEdits, onSaved, card.id, queryClient, tenantId, takeTyped]);

  // Auto-save once nothing has changed for the delay.
  const autoSaveRef = useRef(autoSave);
  autoSaveRef.current = autoSave;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const autoSaveDelayRef = useRef(autoSaveDelayMs);
  autoSaveDelayRef.current = autoSaveDelayMs;
  /** (Re)starts the auto-save so that it runs the delay after the last change. */
  const startAutoSaveTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    const wait = Math.max(0, lastChangeAt.current + autoSaveDelayRef.current - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      void autoSaveRef.current();
    }, wait);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer starts again at each change
  useEffect(() => {
    if (changeCount === 0 || readOnly) return;
    startAutoSaveTimer();
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [changeCount, autoSaveDelayMs, readOnly, startAutoSaveTimer]);
  const cancelAutoSave = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  /**
   * Hands what is typed to the save queue now instead of after the delay: on leaving a field (blur),
   * on leaving the page, on closing or hiding the tab, and when the form goes away. The queue
   * outlives the form, so the save completes after an in-app navigation too.
   */
  const saveNow = useCallback(() => {
    if (readOnly) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    void autoSaveRef.current();
  }, [readOnly]);
  const saveNowRef = useRef(saveNow);
  saveNowRef.current = saveNow;
  useEffect(() => {
    const unregister = onLeavingPage(() => saveNowRef.current());
    return () => {
      unregister();
      // Unmounted (the page left, the panel closed): typing still waiting for its delay goes now.
      saveNowRef.current();
    };
  }, []);

  /** A rich-text field was typed in (each keystroke): no render; the auto-save waits for typing. */
  const noteTyping = useCallback(
    (fieldId: string, take: () => string | null) => {
      if (readOnly) return;
      typing.current.set(fieldId, take);
      lastChangeAt.current = Date.now();
      startAutoSaveTimer();
    },
    [readOnly, startAutoSaveTimer],
  );

  const unsaved = unsavedEdits(edits, current.fieldValues);
  const hasUnsavedEdits = Object.keys(unsaved).length > 0;
  const queueBusy = queue.pending.some((item) => item.state !== 'saved');
  const dirty = hasUnsavedEdits || queueBusy;
  const isOffline = browserIsOffline();
  const saveState: FormSaveState =
    (refused && hasUnsavedEdits) || queue.status === 'failed'
      ? 'failed'
      : queue.status === 'local' || (hasUnsavedEdits && isOffline)
        ? 'local'
        : saving > 0 || queue.status === 'saving' || hasUnsavedEdits
          ? 'saving'
          : queue.lastSavedAt !== null || lastSavedAt !== null
            ? 'saved'
            : 'idle';
  // Leaving the page asks first while the edits cannot be sent (refused, or offline).
  const isUnsendableRef = useRef(false);
  isUnsendableRef.current = !readOnly && hasUnsavedEdits && (refused || isOffline);
  useEffect(() => registerUnsendableCheck(() => isUnsendableRef.current), []);
  const onDirtyChangeRef = useRef(onDirtyChange);
  onDirtyChangeRef.current = onDirtyChange;
  useEffect(() => {
    onDirtyChangeRef.current?.(dirty);
  }, [dirty]);

  /**
   * The explicit Save (button or Ctrl/Cmd+S): the values are always saved, as a draft. Then, without
   * critical issues, `submit: true` moves the status as "Card save status" says; with them, the
   * draft is all, and the form says it cannot be submitted for review until they are fixed.
   */
  const submit = async (successToast: { title: string; description: string }): Promise<FormSaveOutcome> => {
    setSubmitAttempted(true);
    // The values as they are now (typing included), not the deferred ones the form shows.
    const now = template ? validateCompliance(template, { ...values, ...takeTyped() }) : null;
    if (!now) return null;
    cancelAutoSave();
    setSubmitting((n) => n + 1);
    try {
      return await saveAndSubmit(now, successToast);
    } finally {
      setSubmitting((n) => n - 1);
    }
  };

  const saveAndSubmit = async (
    compliance: Compliance,
    successToast: { title: string; description: string },
  ): Promise<FormSaveOutcome> => {
    if (hasCriticalIssue(compliance.issues)) {
      setSaving((n) => n + 1);
      try {
        const saved = await sendEdits();
        setRefused(false);
        onSaved?.(saved);
        return 'draft';
      } catch {
        const status = cardSaveQueue(queryClient, tenantId, card.id).getSnapshot().status;
        if (status !== 'local') {
          setRefused(true);
          destructiveToast('Error Saving Template', 'Failed to save template. Please try again.');
        }
        return null;
      } finally {
        setSaving((n) => n - 1);
      }
    }
    setSaving((n) => n + 1);
    try {
      const flushed = await sendEdits();
      const saved = await patchCard(tenantId, card.id, {
        version: Math.max(flushed.version, currentRef.current.version),
        submit: true,
      });
      adopt(saved);
      setLastSavedAt(new Date());
      toast.success(successToast.title, { description: successToast.description });
      onSaved?.(saved);
      return 'submitted';
    } catch (error) {
      destructiveToast(
        'Error Saving Template',
        isApiError(error) && error.status === 422
          ? error.message
          : 'Failed to save template. Please try again.',
      );
      return null;
    } finally {
      setSaving((n) => n - 1);
    }
  };

  /** Drops the unsaved edits and the local draft (closing without saving). */
  const discard = () => {
    cancelAutoSave();
    takeTyped();
    removeFormDraft(tenantId, card.id);
    setLocal((previous) => ({ ...previous, edits: {} }));
  };

  return {
    current,
    values,
    /** `values` a render behind while typing: for what is worked out from all of them. */
    deferredValues,
    compliance,
    remaining,
    setValue,
    setValues,
    noteTyping,
    /** A rich-text field holds typing that has not come up yet (`sendEdits` takes it). */
    hasTyping: () => typing.current.size > 0,
    sendEdits,
    submit,
    discard,
    dirty,
    hasUnsavedEdits,
    isSaving: saving > 0 || queue.status === 'saving',
    isSubmitting: submitting > 0,
    saveState,
    saveNow,
    /** Sends again what failed (the queue's failed items and the form's refused edits). */
    retry: () => {
      queue.retry();
      void autoSave();
    },
    // The queue also saves on its own (retries after a failure, a reload mid-queue).
    lastSavedAt:
      queue.lastSavedAt !== null && (!lastSavedAt || queue.lastSavedAt > lastSavedAt.getTime())
        ? new Date(queue.lastSavedAt)
        : lastSavedAt,
    submitAttempted,
    setSubmitAttempted,
  };
}
