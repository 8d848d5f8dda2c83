import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UpdateMeSchema } from '@wattle/domain/users/schemas';
import { Loader2Icon, UserRoundIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { currentTenantQueryOptions } from '@/features/time/api';
import { validationIssues } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import { useUpdateProfile } from './api';
import { australianTimeZones, otherTimeZones, utcOffsetLabel } from './time-zones';

/** The select's value for "no zone of my own": the organisation's is used. */
const organisationZone = '';

type Errors = Partial<Record<'name' | 'timeZone', string>>;

/**
 * /settings/user (issue 17, spec shell section 3 "Current user"): the person's own name and time zone,
 * and the e-mail address they sign in with, shown but not changed here (it comes from sign-in).
 */
export function UserSettingsPage() {
  useDocumentTitle('User Settings');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const organisation = useQuery(currentTenantQueryOptions(tenant.id));
  const save = useUpdateProfile();
  const id = useId();
  const [name, setName] = useState(me.name);
  const [timeZone, setTimeZone] = useState(me.timeZone ?? organisationZone);
  const [errors, setErrors] = useState<Errors>({});
  const others = useMemo(() => otherTimeZones(), []);

  // Saved elsewhere (another tab): show it unless the person is part-way through a change.
  const isDirty = name !== me.name || timeZone !== (me.timeZone ?? organisationZone);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newer `me` resets the form.
  useEffect(() => {
    if (isDirty) return;
    setName(me.name);
    setTimeZone(me.timeZone ?? organisationZone);
  }, [me]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateMeSchema.safeParse({ name, timeZone: timeZone || null });
    if (!parsed.success) {
      setErrors(toErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setName(saved.name);
        setTimeZone(saved.timeZone ?? organisationZone);
        toast.success('Your details are saved');
      },
      onError: (error) => {
        const issues = validationIssues(error);
        if (issues.length > 0) setErrors(toErrors(issues));
        else toast.error('Could not save your details', { description: error.message });
      },
    });
  };

  const orgZone = organisation.data?.timeZone;
  const orgLabel = orgZone ? `Organisation’s time zone (${orgZone})` : 'Organisation’s time zone';

  return (
    <div className="flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <UserRoundIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          User Settings
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Your name as others see it on cards, comments and time entries, and the time zone your daily e-mail
          digest follows.
        </p>
      </div>
      <SectionCard title="Your details">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormField id={`${id}-name`} label="Name" isRequired error={errors.name}>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="name"
              maxLength={200}
              {...fieldAria(`${id}-name`, { error: errors.name, isRequired: true })}
            />
          </FormField>
          <FormField
            id={`${id}-email`}
            label="E-mail address"
            hint="The address you sign in with. It comes from your sign-in account, so it is changed there."
          >
            <Input
              id={`${id}-email`}
              value={me.email}
              readOnly
              className="bg-muted text-muted-foreground"
              {...fieldAria(`${id}-email`, { hint: true })}
            />
          </FormField>
          <FormField
            id={`${id}-zone`}
            label="Time zone"
            hint="Used for your daily notification digest. Dates on cards and deadlines follow the organisation's time zone."
            error={errors.timeZone}
          >
            <NativeSelect
              id={`${id}-zone`}
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
              wrapperClassName="w-full sm:max-w-md"
              {...fieldAria(`${id}-zone`, { hint: true, error: errors.timeZone })}
            >
              <option value={organisationZone}>{orgLabel}</option>
              <optgroup label="Australia">
                {australianTimeZones.map((zone) => (
                  <option key={zone.id} value={zone.id}>
                    {zone.label} – {utcOffsetLabel(zone.id)}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Other time zones">
                {others.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')} – {utcOffsetLabel(zone)}
                  </option>
                ))}
              </optgroup>
            </NativeSelect>
          </FormField>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending || !isDirty}>
              {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              Save
            </Button>
            <p className="text-muted-foreground text-sm">
              Which notifications reach you, and how, is under{' '}
              <Link to="/settings/notifications" className="underline underline-offset-2">
                Notifications
              </Link>
              .
            </p>
          </div>
        </form>
      </SectionCard>
    </div>
  );
}

function toErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'timeZone') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
