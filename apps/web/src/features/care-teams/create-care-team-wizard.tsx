import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import type { CareTeamResult } from '@wattle/domain/care-teams/schemas';
import { AlertCircleIcon, ArrowLeftIcon, Loader2Icon, WandSparklesIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { authConfigQueryOptions, meQueryOptions } from '@/features/auth/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { isApiError } from '@/lib/http';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog, ConfirmDialogAction } from '@/ui/confirm-dialog';
import { SheetDescription, SheetTitle } from '@/ui/sheet';
import { useCreateCareTeam } from './api';
import { demoMember, demoParticipant, demoTeamName } from './demo-fill';
import { forgetWizardDraft, newIdempotencyKey, readWizardDraft, writeWizardDraft } from './draft-storage';
import { ParticipantFields } from './participant-fields';
import { ParticipantModeChoice } from './participant-mode-choice';
import { ParticipantPicker } from './participant-picker';
import { type FieldProblem, firstStepWithProblem, wizardRefusal } from './server-errors';
import { TeamStep } from './team-step';
import { TemplatesStep } from './templates-step';
import { emptyWizardDraft, hasDraftInput, toCreateCareTeam, type WizardDraft } from './wizard-draft';
import { WizardProgress } from './wizard-progress';
import {
  nextStep,
  previousStep,
  stepNumber,
  type WizardStep,
  wizardNextLabels,
  wizardStepSchemas,
  wizardSteps,
  wizardStepTitles,
} from './wizard-steps';

/**
 * The Create care team wizard's content (spec work section 2; issue 13 part 4), inside the 600 px
 * drawer that `CreateCareTeamButton` opens: three steps with back moves, each checked before the
 * next, then one `POST /api/care-teams`. What is typed is kept in the tab's session storage until the
 * team is created or the wizard is cancelled, so closing the drawer, a reload or a refusal loses
 * nothing; a refusal goes back to the step and field it is about.
 */
export function CreateCareTeamWizard({
  onClose,
  onCreated,
}: {
  /** Closes the drawer; the draft stays. */
  onClose: () => void;
  onCreated: (result: CareTeamResult) => void;
}) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const { role } = useCurrentRole();
  const config = useQuery(authConfigQueryOptions());
  const isDemo = config.data?.mode === 'demo';
  const canPickExisting = me.isVerified && can(role, 'read:all-participants');

  const [stored] = useState(() => readWizardDraft(me.id, tenant.id));
  const [step, setStep] = useState<WizardStep>(stored?.step ?? 'participant');
  const [idempotencyKey, setIdempotencyKey] = useState(() => stored?.idempotencyKey ?? newIdempotencyKey());
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const stepRef = useRef(step);
  stepRef.current = step;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formId = useId();

  // Each step checks only its own fields, with the domain's schemas (wizard-steps.ts).
  const resolver: Resolver<WizardDraft> = (values, context, options) =>
    (
      zodResolver(wizardStepSchemas[stepRef.current], undefined, {
        raw: true,
      }) as unknown as Resolver<WizardDraft>
    )(values, context, options);

  const form = useForm<WizardDraft>({
    defaultValues: stored?.values ?? emptyWizardDraft(),
    resolver,
  });
  const { handleSubmit, getValues, setValue, setError, clearErrors, watch } = form;
  const participantMode = watch('participantMode');

  // Every change is kept at once: a reload or a closed drawer gives the same wizard back.
  useEffect(() => {
    const save = () => writeWizardDraft(me.id, tenant.id, { step, values: getValues(), idempotencyKey });
    save();
    const subscription = watch(save);
    return () => subscription.unsubscribe();
  }, [watch, getValues, me.id, tenant.id, step, idempotencyKey]);

  const create = useCreateCareTeam(tenant.id);
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([]);

  useEffect(() => {
    if (serverProblems.length === 0) return;
    serverProblems.forEach((problem, index) => {
      setError(
        problem.field as keyof WizardDraft,
        { type: 'server', message: problem.message },
        { shouldFocus: index === 0 },
      );
    });
    setServerProblems([]);
  }, [serverProblems, setError]);

  /** Moves to a step; its title takes focus, so keyboard and screen-reader users start at its top. */
  function goTo(target: WizardStep, options: { focusTitle: boolean } = { focusTitle: true }) {
    clearErrors();
    setGeneralError(null);
    setStep(target);
    if (options.focusTitle) requestAnimationFrame(() => headingRef.current?.focus());
  }

  function submit(values: WizardDraft) {
    setGeneralError(null);
    create.mutate(
      { input: toCreateCareTeam(values), idempotencyKey },
      {
        onSuccess: (result) => {
          forgetWizardDraft(me.id, tenant.id);
          onCreated(result);
        },
        onError: (error) => {
          // An answered refusal frees its key; a lost answer keeps it so a retry cannot create twice.
          if (!isApiError(error) || error.status !== 0) setIdempotencyKey(newIdempotencyKey());
          const refusal = wizardRefusal(error, values.members);
          const target = firstStepWithProblem(refusal, wizardSteps);
          // Back to the step concerned, where the first field with a problem takes focus.
          if (target && target !== step) goTo(target, { focusTitle: false });
          // Set once the step's fields have mounted: a field registering for the first time (a
          // draft restored at step 3) would otherwise drop an error set before it.
          setServerProblems(refusal.fields);
          setGeneralError(refusal.general);
        },
      },
    );
  }

  const onNext = handleSubmit((values) => {
    const next = nextStep(step);
    if (next) goTo(next);
    else submit(values);
  });

  function fillDemoData() {
    clearErrors();
    if (step === 'participant') {
      setValue('participantMode', 'new');
      setValue('participant', demoParticipant(), { shouldDirty: true });
    } else if (step === 'team') {
      const name =
        getValues('participantMode') === 'new'
          ? getValues('participant.name')
          : (getValues('existingParticipant')?.name ?? '');
      setValue('teamName', demoTeamName(name), { shouldDirty: true });
      if (!getValues('members').some((member) => member.email === demoMember.email)) {
        setValue('members', [...getValues('members'), demoMember], { shouldDirty: true });
      }
    } else {
      setValue('templateSet', 'daily-living', { shouldDirty: true });
    }
  }

  function cancel() {
    if (hasDraftInput(getValues())) {
      setIsConfirmingCancel(true);
      return;
    }
    discard();
  }

  function discard() {
    forgetWizardDraft(me.id, tenant.id);
    setIsConfirmingCancel(false);
    onClose();
  }

  const back = previousStep(step);
  const isCreating = create.isPending;

  return (
    <FormProvider {...form}>
      <div className="flex flex-col gap-3 border-b px-4 py-4 pr-12 sm:px-6">
        <SheetTitle asChild>
          <h2 ref={headingRef} tabIndex={-1} className="font-semibold text-xl outline-none">
            {wizardStepTitles[step]}
          </h2>
        </SheetTitle>
        <SheetDescription>
          Step {stepNumber(step)} of {wizardSteps.length}. Your entries are kept until the team is created or
          you cancel.
        </SheetDescription>
        <WizardProgress step={step} />
      </div>

      <form
        id={formId}
        noValidate
        className="flex min-h-0 flex-1 flex-col overflow-y-auto px-4 py-5 sm:px-6"
        onSubmit={(event) => {
          event.preventDefault();
          void onNext();
        }}
      >
        {generalError ? (
          <Alert variant="destructive" className="mb-4">
            <AlertCircleIcon aria-hidden="true" />
            <AlertTitle>The care team was not created</AlertTitle>
            <AlertDescription>{generalError}</AlertDescription>
          </Alert>
        ) : null}
        {step === 'participant' ? (
          <div className="flex flex-col gap-5">
            {canPickExisting ? <ParticipantModeChoice /> : null}
            {participantMode === 'existing' && canPickExisting ? (
              <ParticipantPicker tenantId={tenant.id} />
            ) : (
              <ParticipantFields />
            )}
          </div>
        ) : step === 'team' ? (
          <TeamStep />
        ) : (
          <TemplatesStep />
        )}
      </form>

      <div className="flex flex-col-reverse gap-2 border-t px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-wrap gap-2">
          {back ? (
            <Button type="button" variant="outline" onClick={() => goTo(back)} disabled={isCreating}>
              <ArrowLeftIcon aria-hidden="true" />
              Back
            </Button>
          ) : null}
          {isDemo ? (
            <Button type="button" variant="ghost" onClick={fillDemoData} disabled={isCreating}>
              <WandSparklesIcon aria-hidden="true" />
              Fill Demo Data
            </Button>
          ) : null}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={cancel} disabled={isCreating}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isCreating}>
            {isCreating ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {wizardNextLabels[step]}
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={isConfirmingCancel}
        title="Discard this care team?"
        description="The participant, team and members you entered will be lost."
        onKeepEditing={() => setIsConfirmingCancel(false)}
      >
        <ConfirmDialogAction asChild>
          <Button variant="destructive" onClick={discard}>
            Discard
          </Button>
        </ConfirmDialogAction>
      </ConfirmDialog>
    </FormProvider>
  );
}
