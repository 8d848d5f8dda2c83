import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type OnboardingInput, OnboardingSchema } from '@wattle/domain/onboarding/schemas';
import { defaultTeamName } from '@wattle/domain/teams/schemas';
import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CenteredLayout } from '@/app/centered-layout';
import { meQueryOptions } from '@/features/auth/api';
import { useLogout } from '@/features/auth/use-logout';
import { makeTenantCurrent, tenantsQueryOptions } from '@/features/tenants/api';
import { validationIssues } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/ui/card';
import { Checkbox } from '@/ui/checkbox';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { createOnboarding } from './api';

type FieldName = keyof OnboardingInput;
const fieldNames: readonly FieldName[] = [
  'fullName',
  'email',
  'organisationName',
  'firstTeamName',
  'consent',
];

function isFieldName(value: unknown): value is FieldName {
  return typeof value === 'string' && (fieldNames as readonly string[]).includes(value);
}

function describedBy(id: string, hasHint: boolean, hasError: boolean): string | undefined {
  return [hasHint ? `${id}-hint` : '', hasError ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** /onboarding: the first-run form (spec shell section 2) that creates a tenant and its first team. */
export function OnboardingPage() {
  useDocumentTitle('Set up your organisation');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const idPrefix = useId();
  const ids = {
    fullName: `${idPrefix}-full-name`,
    email: `${idPrefix}-email`,
    organisationName: `${idPrefix}-organisation-name`,
    firstTeamName: `${idPrefix}-first-team-name`,
    consent: `${idPrefix}-consent`,
  };

  const form = useForm({
    resolver: zodResolver(OnboardingSchema),
    defaultValues: { fullName: me.name, email: me.email, organisationName: '', firstTeamName: '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    watch,
    formState: { errors },
  } = form;

  const create = useMutation({
    mutationFn: createOnboarding,
    onSuccess: async ({ tenant }) => {
      makeTenantCurrent(me.id, tenant.id);
      await queryClient.fetchQuery({ ...tenantsQueryOptions(), staleTime: 0 });
      await navigate({ to: '/inbox' });
    },
    onError: (error) => {
      for (const issue of validationIssues(error)) {
        const field = [...issue.path].reverse().find(isFieldName);
        if (field) setError(field, { type: 'server', message: issue.message });
      }
    },
  });

  const organisationName = watch('organisationName');
  const consent = watch('consent');
  const canSubmit = (organisationName ?? '').trim().length > 0 && consent === true && !create.isPending;
  const unplacedError =
    create.error && validationIssues(create.error).every((issue) => !issue.path.some(isFieldName))
      ? create.error
      : null;

  return (
    <CenteredLayout>
      <Card>
        <CardHeader>
          <h1 className="font-semibold text-2xl tracking-tight">Set up your organisation</h1>
          <CardDescription>
            Create your organisation in Wattle and its first care team. You can add more teams and invite your
            staff afterwards.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="flex flex-col gap-5"
            onSubmit={handleSubmit((values) => create.mutate(values))}
            aria-describedby={unplacedError ? `${idPrefix}-form-error` : undefined}
          >
            {unplacedError ? (
              <Alert variant="destructive" id={`${idPrefix}-form-error`}>
                <AlertCircleIcon aria-hidden="true" />
                <AlertTitle>Your organisation was not created</AlertTitle>
                <AlertDescription>{unplacedError.message}</AlertDescription>
              </Alert>
            ) : null}

            <FormField className="gap-2" id={ids.fullName} label="Full name" error={errors.fullName?.message}>
              <Input
                id={ids.fullName}
                autoComplete="name"
                aria-invalid={errors.fullName ? true : undefined}
                aria-describedby={describedBy(ids.fullName, false, Boolean(errors.fullName))}
                {...register('fullName')}
              />
            </FormField>

            <FormField className="gap-2" id={ids.email} label="Email" error={errors.email?.message}>
              <Input
                id={ids.email}
                type="email"
                autoComplete="email"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy(ids.email, false, Boolean(errors.email))}
                {...register('email')}
              />
            </FormField>

            <FormField
              className="gap-2"
              id={ids.organisationName}
              label={
                <>
                  Organisation name
                  <span className="font-normal text-muted-foreground">(required)</span>
                </>
              }
              error={errors.organisationName?.message}
            >
              <Input
                id={ids.organisationName}
                autoComplete="organization"
                aria-required="true"
                aria-invalid={errors.organisationName ? true : undefined}
                aria-describedby={describedBy(ids.organisationName, false, Boolean(errors.organisationName))}
                {...register('organisationName')}
              />
            </FormField>

            <FormField
              className="gap-2"
              id={ids.firstTeamName}
              label="First team name"
              hint={`A care team usually centres on one participant. Left empty, it is called '${defaultTeamName}'.`}
              error={errors.firstTeamName?.message}
            >
              <Input
                id={ids.firstTeamName}
                placeholder={defaultTeamName}
                aria-invalid={errors.firstTeamName ? true : undefined}
                aria-describedby={describedBy(ids.firstTeamName, true, Boolean(errors.firstTeamName))}
                {...register('firstTeamName')}
              />
            </FormField>

            <div className="flex flex-col gap-2">
              <div className="flex items-start gap-3 rounded-lg border bg-muted/50 p-3">
                <Controller
                  control={control}
                  name="consent"
                  render={({ field }) => (
                    <Checkbox
                      id={ids.consent}
                      ref={field.ref}
                      name={field.name}
                      checked={field.value === true}
                      onCheckedChange={(checked) => field.onChange(checked === true ? true : undefined)}
                      onBlur={field.onBlur}
                      className="mt-0.5"
                      aria-required="true"
                      aria-invalid={errors.consent ? true : undefined}
                      aria-describedby={describedBy(ids.consent, false, Boolean(errors.consent))}
                    />
                  )}
                />
                <Label htmlFor={ids.consent} className="block font-normal leading-snug">
                  I consent to Wattle accessing and storing participant data for this organisation under the
                  NDIS (National Disability Insurance Scheme), for the purpose of coordinating their supports.
                </Label>
              </div>
              {errors.consent?.message ? (
                <p id={`${ids.consent}-error`} className="text-destructive text-sm">
                  {errors.consent.message}
                </p>
              ) : null}
            </div>

            <Button type="submit" size="lg" disabled={!canSubmit}>
              {create.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              Create tenant and team
            </Button>
          </form>
        </CardContent>
      </Card>
      <p className="mt-4 text-center text-muted-foreground text-sm">
        Signed in as {me.email}.{' '}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          Log out
        </button>
      </p>
    </CenteredLayout>
  );
}
