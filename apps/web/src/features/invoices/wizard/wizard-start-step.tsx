import { useMutation } from '@tanstack/react-query';
import { CreateInvoiceSchema, type Invoice } from '@wattle/domain/invoices/schemas';
import { AlertCircleIcon, HammerIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ParticipantPicker } from '@/features/participants/participant-picker';
import { useTenantClock } from '@/features/time/use-tenant-clock';
import { validationIssues } from '@/lib/http';
import { Alert, AlertDescription } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import { FormField, fieldAria } from '@/ui/form-field';
import { LoadingStatus } from '@/ui/query-status';
import { createInvoice } from '../api';
import { lastFortnight } from './wizard-lines';

type StartErrors = Partial<Record<'participantId' | 'periodFrom' | 'periodTo', string>>;

/**
 * Step 1 of the wizard (issue 15 part 2): a participant and a period, last fortnight (Monday to
 * Sunday in the tenant's time zone) unless changed. "Build invoice" asks the server for a draft
 * built from their approved, uninvoiced time and billable cards; a period with nothing to invoice
 * gets the server's words.
 */
export function WizardStartStep({
  tenantId,
  onBuilt,
}: {
  tenantId: string;
  onBuilt: (invoice: Invoice) => void;
}) {
  const clock = useTenantClock(tenantId);
  if (!clock.isReady) return <LoadingStatus>Loading...</LoadingStatus>;
  return <StartForm tenantId={tenantId} today={clock.now().date} onBuilt={onBuilt} />;
}

function StartForm({
  tenantId,
  today,
  onBuilt,
}: {
  tenantId: string;
  today: string;
  onBuilt: (invoice: Invoice) => void;
}) {
  const [participant, setParticipant] = useState<{ id: string; name: string | null } | null>(null);
  const [period, setPeriod] = useState(() => lastFortnight(today));
  const [errors, setErrors] = useState<StartErrors>({});
  const ids = { participant: useId(), from: useId(), to: useId() };

  const build = useMutation({
    mutationFn: (input: { participantId: string; periodFrom: string; periodTo: string }) =>
      createInvoice(tenantId, input),
    onSuccess: onBuilt,
    onError: (error) => {
      const next: StartErrors = {};
      for (const issue of validationIssues(error)) {
        const field = issue.path[0];
        if (field === 'participantId' || field === 'periodFrom' || field === 'periodTo')
          next[field] = issue.message;
      }
      setErrors(next);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateInvoiceSchema.safeParse({
      participantId: participant?.id ?? '',
      periodFrom: period.from,
      periodTo: period.to,
    });
    if (!parsed.success) {
      const next: StartErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof StartErrors;
        next[field] ??=
          field === 'participantId'
            ? 'Choose a participant'
            : field === 'periodTo'
              ? issue.message
              : 'Enter a date';
      }
      setErrors(next);
      return;
    }
    setErrors({});
    build.mutate(parsed.data);
  };

  // The server's refusal that names no field (nothing to invoice in the period, say) is shown as a whole.
  const hasFieldErrors = Object.values(errors).some(Boolean);
  const serverError = build.isError && !hasFieldErrors ? build.error.message : null;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Participant and period">
      <div className="flex flex-col gap-1.5">
        <span id={ids.participant} className="font-medium text-sm">
          Participant
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        </span>
        <div className="rounded-md border px-3 py-1" data-testid="wizard-participant">
          <ParticipantPicker
            tenantId={tenantId}
            participantId={participant?.id ?? null}
            participantName={participant?.name ?? null}
            disabled={build.isPending}
            canOpen={false}
            labelledBy={ids.participant}
            onChange={(id, name) => {
              setParticipant(id ? { id, name } : null);
              setErrors((current) => ({ ...current, participantId: undefined }));
            }}
          />
        </div>
        {errors.participantId ? (
          <p className="text-destructive text-sm" role="alert">
            {errors.participantId}
          </p>
        ) : null}
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-sm">Period</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id={ids.from} label="From" isRequired error={errors.periodFrom}>
            <DateInput
              id={ids.from}
              value={period.from}
              onChange={(from) => setPeriod((current) => ({ ...current, from }))}
              {...fieldAria(ids.from, { error: errors.periodFrom, isRequired: true })}
            />
          </FormField>
          <FormField id={ids.to} label="To" isRequired error={errors.periodTo}>
            <DateInput
              id={ids.to}
              value={period.to}
              onChange={(to) => setPeriod((current) => ({ ...current, to }))}
              {...fieldAria(ids.to, { error: errors.periodTo, isRequired: true })}
            />
          </FormField>
        </div>
        <p className="text-muted-foreground text-xs">
          Last fortnight, Monday to Sunday, unless you change it. Approved time not yet invoiced and billable
          cards of the period become the lines.
        </p>
      </fieldset>

      {serverError ? (
        <Alert variant="destructive" data-testid="wizard-build-error">
          <AlertCircleIcon aria-hidden="true" />
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      ) : null}

      <div className="flex justify-end">
        <Button type="submit" disabled={build.isPending}>
          <HammerIcon aria-hidden="true" />
          {build.isPending ? 'Building...' : 'Build invoice'}
        </Button>
      </div>
    </form>
  );
}
