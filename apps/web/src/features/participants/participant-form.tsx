import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { Participant } from '@wattle/domain/participants/schemas';
import { AlertCircleIcon, HistoryIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { ApiError, validationIssues } from '@/lib/http';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog, ConfirmDialogAction } from '@/ui/confirm-dialog';
import { ConflictAlert } from '@/ui/conflict-alert';
import { NativeSelect } from '@/ui/native-select';
import { toast } from '@/ui/toast';
import { keepClearOfToasts } from '@/ui/toast-clearance';
import { participantKeys, useCreateParticipant, useUpdateParticipant } from './api';
import { assignableTeams, type ParticipantAccess } from './participant-access';
import {
  type DraftTarget,
  type FormStart,
  readParticipantDraft,
  removeParticipantDraft,
  resumeDraft,
  writeParticipantDraft,
} from './participant-draft';
import { Field } from './participant-fields';
import {
  BasicInformationCard,
  CareInformationCard,
  EmergencyContactCard,
  GuardianCard,
  TextListCard,
} from './participant-form-cards';
import {
  changedFields,
  emptyParticipantValues,
  formPathOfIssue,
  hasChanges,
  type ParticipantFormField,
  ParticipantFormSchema,
  type ParticipantFormValues,
  participantFieldLabels,
  rebaseOnCurrent,
  toCreateParticipant,
  toParticipantPatch,
  valuesOfParticipant,
} from './participant-form-values';
import { ParticipantSummaryCard, TeamAssignmentCard } from './participant-summary-card';

/**
 * The participant form in create and edit mode (spec work section 2 "Participant form"): Basic
 * Information, Emergency Contact, Guardian/Support Person Information, Support Goals, Important
 * Alerts and the care information, with the Summary and Team Assignment beside them. Checked with
 * the server's own schemas and messages before sending; the server's refusals land on their fields.
 * What is typed is kept in this browser until it is saved (participant-draft.ts).
 */

const resolver = zodResolver(ParticipantFormSchema, undefined, {
  raw: true,
}) as unknown as Resolver<ParticipantFormValues>;

function fieldList(fields: readonly ParticipantFormField[]): string {
  return fields.map((field) => participantFieldLabels[field]).join(', ');
}

function formatSavedAt(iso: string): string {
  return new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}

interface Holder {
  id: string;
  name: string;
}

function holderOf(details: unknown): Holder | null {
  if (typeof details !== 'object' || details === null) return null;
  const record = details as Record<string, unknown>;
  return typeof record.participantId === 'string' && typeof record.participantName === 'string'
    ? { id: record.participantId, name: record.participantName }
    : null;
}

function conflictFieldOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return null;
  const details = error.details as { field?: unknown } | undefined;
  return typeof details?.field === 'string' ? details.field : null;
}

function currentOf(error: unknown): Participant | null {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return null;
  const current = (error.details as { current?: Participant } | undefined)?.current;
  return current && typeof current === 'object' && current.view === 'full' ? current : null;
}

export type ParticipantFormMode = 'create' | 'edit';

export function ParticipantForm({
  mode,
  access,
  participant,
  layout = 'page',
  onSaved,
  onCancel,
}: {
  mode: ParticipantFormMode;
  access: ParticipantAccess;
  /** The participant being edited, as the server last sent it (edit mode). */
  participant?: Participant;
  /** 'modal': one column, for Quick Add's medium dialog. */
  layout?: 'page' | 'modal';
  onSaved: (participant: Participant) => void;
  onCancel: () => void;
}) {
  const { tenant, me, teams } = access;
  const queryClient = useQueryClient();
  const target: DraftTarget = { userId: me.id, tenantId: tenant.id, participantId: participant?.id ?? 'new' };
  const canLeaveWithoutTeam = access.canOn('write:participants', null);
  const teamChoices = assignableTeams(teams, participant?.teamId ?? null).filter(
    (team) => team.id === participant?.teamId || access.canOn('write:participants', team.id),
  );

  // Where the form starts: the record (or empty values), with what was typed earlier laid over it.
  const [start, setStart] = useState<FormStart>(() => {
    const current = participant
      ? valuesOfParticipant(participant)
      : emptyParticipantValues(canLeaveWithoutTeam ? '' : (teamChoices[0]?.id ?? ''));
    return resumeDraft(current, participant?.version ?? 0, readParticipantDraft(target, current));
  });
  const { original, baseVersion } = start;
  const [restored, setRestored] = useState(start.restored);
  const [rebaseNote, setRebaseNote] = useState<{
    overlapping: ParticipantFormField[];
    takenFromServer: ParticipantFormField[];
  } | null>(null);
  const [holder, setHolder] = useState<Holder | null>(null);
  const [conflict, setConflict] = useState<Participant | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [isConfirmingCancel, setConfirmingCancel] = useState(false);
  // One key for the form's life: a create sent twice (a retry after a lost answer) makes one participant.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const isDone = useRef(false);

  const form = useForm<ParticipantFormValues>({
    defaultValues: start.values,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, setError, formState, getValues, reset } = form;
  const { errors } = formState;
  const values = useWatch({ control }) as ParticipantFormValues;
  const isDirty = hasChanges(original, values);

  // Mirror what is typed to this browser until it is saved; nothing typed is lost to a reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft's place is fixed for the form's life.
  useEffect(() => {
    if (isDone.current) return;
    if (isDirty) writeParticipantDraft(target, { values, original, baseVersion });
    else removeParticipantDraft(target);
  }, [values, original, baseVersion, isDirty]);

  // Someone else saved this participant while it is open here: say so before Save, not after.
  useEffect(() => {
    if (mode !== 'edit' || !participant || participant.version <= baseVersion || isDone.current) return;
    if (!isDirty) {
      // Nothing typed yet: simply take their version.
      const current = valuesOfParticipant(participant);
      setStart({ original: current, values: current, baseVersion: participant.version, restored: null });
      reset(current);
      return;
    }
    setConflict(participant);
  }, [participant, baseVersion, isDirty, mode, reset]);

  const create = useCreateParticipant(tenant.id);
  const update = useUpdateParticipant(tenant.id, participant?.id ?? '');
  const isSaving = create.isPending || update.isPending;

  function finish(saved: Participant, message: string) {
    isDone.current = true;
    removeParticipantDraft(target);
    toast.success(message);
    onSaved(saved);
  }

  function showRefusal(error: unknown) {
    setGeneralError(null);
    const issues = validationIssues(error);
    if (issues.length > 0) {
      const unplaced: string[] = [];
      for (const issue of issues) {
        const path = formPathOfIssue(issue.path);
        if (path)
          setError(path as FieldPath<ParticipantFormValues>, { type: 'server', message: issue.message });
        else unplaced.push(issue.message);
      }
      if (unplaced.length > 0) setGeneralError(unplaced.join(' '));
      return;
    }
    const field = conflictFieldOf(error);
    if (field === 'ndisNumber' && error instanceof ApiError) {
      setHolder(holderOf(error.details));
      setError('ndisNumber', { type: 'server', message: error.message }, { shouldFocus: true });
      return;
    }
    if (field === 'teamId' && error instanceof ApiError) {
      setError('teamId', { type: 'server', message: error.message });
      return;
    }
    const current = currentOf(error);
    if (current) {
      queryClient.setQueryData(participantKeys.detail(tenant.id, current.id), current);
      setConflict(current);
      return;
    }
    setGeneralError(
      error instanceof Error ? error.message : 'The participant could not be saved. Please try again.',
    );
  }

  const onSubmit = handleSubmit((typed) => {
    setHolder(null);
    setGeneralError(null);
    if (mode === 'create') {
      create.mutate(
        { input: toCreateParticipant(typed), idempotencyKey },
        { onSuccess: (saved) => finish(saved, 'Participant created'), onError: showRefusal },
      );
      return;
    }
    if (!participant) return;
    if (changedFields(original, typed).length === 0) {
      finish(participant, 'No changes to save');
      return;
    }
    update.mutate(toParticipantPatch(original, typed, baseVersion), {
      onSuccess: (saved) => finish(saved, 'Changes saved'),
      onError: showRefusal,
    });
  });

  /** Takes the record as someone else left it, keeping every field typed here. */
  function reloadTheirs() {
    if (!conflict) return;
    const current = valuesOfParticipant(conflict);
    const rebased = rebaseOnCurrent(original, getValues(), current);
    setStart({ original: current, values: rebased.values, baseVersion: conflict.version, restored: null });
    reset(rebased.values, { keepErrors: false });
    setRebaseNote({ overlapping: rebased.overlapping, takenFromServer: rebased.takenFromServer });
    setConflict(null);
  }

  function discardDraft() {
    isDone.current = true;
    removeParticipantDraft(target);
  }

  function requestCancel() {
    if (isDirty) setConfirmingCancel(true);
    else onCancel();
  }

  const conflictFields = conflict ? changedFields(original, valuesOfParticipant(conflict)) : [];
  const isPage = layout === 'page';
  const teamName =
    teams.find((team) => team.id === values.teamId)?.name ??
    (participant && values.teamId === (participant.teamId ?? '') ? participant.teamName : null);

  const formError = (
    <>
      {restored ? (
        <Alert data-testid="draft-restored">
          <HistoryIcon aria-hidden="true" />
          <AlertTitle>Unsaved changes brought back</AlertTitle>
          <AlertDescription>
            <p>
              What you typed on {formatSavedAt(restored.savedAt)} was not saved, so it is here again.
              {restored.overlapping.length > 0
                ? ` Someone else has since changed ${fieldList(restored.overlapping)}: yours is shown; check before saving.`
                : ''}
            </p>
            <Button
              variant="outline"
              size="sm"
              className="mt-1"
              onClick={() => {
                reset(original);
                setRestored(null);
                removeParticipantDraft(target);
              }}
            >
              Discard these changes
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {conflict ? (
        <ConflictAlert
          title="Someone else changed this participant"
          role="alert"
          data-testid="participant-conflict"
        >
          <p>
            They saved changes since you opened it
            {conflictFields.length > 0 ? ` (${fieldList(conflictFields)})` : ''}. Reload their version to
            continue: everything you typed stays in the form, and Save then applies it.
          </p>
          <Button size="sm" className="mt-1" onClick={reloadTheirs}>
            Reload their version
          </Button>
        </ConflictAlert>
      ) : null}
      {rebaseNote ? (
        <Alert data-testid="participant-rebased">
          <HistoryIcon aria-hidden="true" />
          <AlertTitle>Their version is loaded, with your changes kept</AlertTitle>
          <AlertDescription>
            {rebaseNote.overlapping.length > 0
              ? `You both changed ${fieldList(rebaseNote.overlapping)}: yours is shown. `
              : ''}
            {rebaseNote.takenFromServer.length > 0
              ? `Their changes to ${fieldList(rebaseNote.takenFromServer)} are shown. `
              : ''}
            Review and save again.
          </AlertDescription>
        </Alert>
      ) : null}
      {generalError ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>The participant was not saved</AlertTitle>
          <AlertDescription>{generalError}</AlertDescription>
        </Alert>
      ) : null}
    </>
  );

  const basicInformation = (
    <BasicInformationCard
      form={form}
      showStatus={mode === 'edit'}
      holder={holder}
      onNdisNumberChange={() => setHolder(null)}
    />
  );
  const emergencyContact = <EmergencyContactCard form={form} />;
  const guardian = <GuardianCard form={form} />;
  const goals = <TextListCard form={form} list="goals" />;
  const alerts = <TextListCard form={form} list="alerts" />;
  const careInformation = <CareInformationCard form={form} />;

  const summary = (
    <ParticipantSummaryCard
      name={values.name}
      ndisNumber={values.ndisNumber}
      dateOfBirth={values.dateOfBirth}
      phone={values.phone}
      address={values.address}
      goalCount={values.goals.filter((goal) => goal.trim()).length}
      alertCount={values.alerts.filter((alert) => alert.trim()).length}
    />
  );

  const noTeamChoices = teamChoices.length === 0 && !canLeaveWithoutTeam;
  const teamAssignment = (
    <TeamAssignmentCard teamName={teamName}>
      {noTeamChoices ? (
        <p className="text-muted-foreground text-sm">
          A participant joins a care team without one. Every team you can add participants to already has one.
        </p>
      ) : (
        <Field
          label="Care team"
          hint="A care team centres on one participant."
          error={errors.teamId?.message}
        >
          {(control) => (
            <NativeSelect
              id={control.id}
              wrapperClassName="w-full"
              aria-invalid={control.invalid}
              aria-describedby={control.describedBy}
              {...register('teamId')}
            >
              {canLeaveWithoutTeam || values.teamId === '' ? <option value="">No team</option> : null}
              {teamChoices.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
    </TeamAssignmentCard>
  );

  const hasErrors = formState.isSubmitted && Object.keys(errors).length > 0;
  const buttons = (
    <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
      {hasErrors ? (
        <p className="mr-auto text-destructive text-sm" role="status">
          Some entries need attention: see the messages beside them.
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button variant="outline" onClick={requestCancel} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving || (noTeamChoices && mode === 'create')}>
          {isSaving ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {mode === 'create' ? 'Create Participant' : 'Save Changes'}
        </Button>
      </div>
    </div>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="participant-form">
      {formError}
      {isPage ? (
        <div className="grid gap-5 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-5 lg:col-span-2">
            {basicInformation}
            {emergencyContact}
            {guardian}
            {goals}
            {alerts}
            {careInformation}
          </div>
          <div className="flex min-w-0 flex-col gap-5">
            {summary}
            {teamAssignment}
          </div>
        </div>
      ) : (
        <div className="flex min-w-0 flex-col gap-4">
          {basicInformation}
          {teamAssignment}
          {goals}
          {alerts}
          {guardian}
          {emergencyContact}
          {careInformation}
        </div>
      )}
      <div
        // On the page the buttons are a sticky bar at the foot of the screen: toasts rise above it.
        ref={isPage ? keepClearOfToasts : undefined}
        className={cn(
          isPage &&
            // Above the phones' bottom bar (4 rem, fixed below md) so the buttons are never hidden.
            'sticky bottom-0 z-10 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur max-md:bottom-[calc(4rem+env(safe-area-inset-bottom))] sm:-mx-6 sm:px-6',
        )}
      >
        {buttons}
      </div>
      <ConfirmDialog
        open={isConfirmingCancel}
        title="Discard changes?"
        description={
          mode === 'create'
            ? 'The participant has not been created. What you entered will be lost.'
            : 'Your changes to this participant have not been saved and will be lost.'
        }
        onKeepEditing={() => setConfirmingCancel(false)}
      >
        <ConfirmDialogAction asChild>
          <Button
            variant="destructive"
            onClick={() => {
              setConfirmingCancel(false);
              discardDraft();
              onCancel();
            }}
          >
            Discard Changes
          </Button>
        </ConfirmDialogAction>
      </ConfirmDialog>
    </form>
  );
}
