import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffProfile } from '@wattle/domain/staff/schemas';
import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextListEditor } from '@/features/care-teams/text-list-editor';
import { ApiError } from '@/lib/http';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { NativeSelect } from '@/ui/native-select';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import { staffKeys, supervisorsQueryOptions, useSaveStaffProfile } from './api';
import { CheckFields } from './check-fields';
import { RegistrationsEditor } from './registrations-editor';
import { StaffFormSchema, type StaffFormValues, toStaffForm, toStaffUpdate } from './staff-form';

function Section(props: { title: string; description?: string; children: ReactNode }) {
  return <SectionCard {...props} contentClassName="flex flex-col gap-4" />;
}

/** The profile as it is now, from a 409 answer to a stale version. */
function currentOfConflict(error: unknown): StaffProfile | null {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return null;
  const details = error.details as { current?: StaffProfile } | undefined;
  return details?.current && typeof details.current === 'object' ? details.current : null;
}

/**
 * A staff profile (spec work section 3, Staff member): qualifications, specialisations,
 * registrations, supervisor and the two screening checks with their standing. Saved with the
 * version it was read at; someone else's save first reloads it with a message.
 */
export function StaffProfileForm({
  tenantId,
  profile,
  isReadOnly,
}: {
  tenantId: string;
  profile: StaffProfile;
  isReadOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const supervisors = useQuery(supervisorsQueryOptions(tenantId));
  const save = useSaveStaffProfile(tenantId, profile.userId);
  const [conflict, setConflict] = useState(false);
  const base = useId();
  const form = useForm<StaffFormValues, unknown, z.output<typeof StaffFormSchema>>({
    resolver: zodResolver(StaffFormSchema),
    defaultValues: toStaffForm(profile),
  });
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = form;

  // The version the edit started from: someone else's save meanwhile is a 409, not overwritten.
  const [baseVersion, setBaseVersion] = useState(profile.version);

  // A newer version from elsewhere (another tab, an admin) shows unless the person is editing.
  useEffect(() => {
    if (isDirty) return;
    reset(toStaffForm(profile));
    setBaseVersion(profile.version);
  }, [profile, isDirty, reset]);

  const supervisorOptions = (supervisors.data ?? []).filter((person) => person.userId !== profile.userId);
  const isSupervisorListed =
    !profile.supervisorId || supervisorOptions.some((p) => p.userId === profile.supervisorId);

  const onSubmit = handleSubmit((values) => {
    setConflict(false);
    save.mutate(toStaffUpdate(values, baseVersion), {
      onSuccess: (saved) => {
        reset(toStaffForm(saved));
        setBaseVersion(saved.version);
        toast.success('Profile saved', { description: `${saved.name}'s staff profile is up to date.` });
      },
      onError: (error) => {
        const current = currentOfConflict(error);
        if (current || (error instanceof ApiError && error.code === 'CONFLICT')) {
          if (current) {
            queryClient.setQueryData(staffKeys.profile(tenantId, profile.userId), current);
            reset(toStaffForm(current));
            setBaseVersion(current.version);
          } else {
            void queryClient.invalidateQueries({ queryKey: staffKeys.profile(tenantId, profile.userId) });
          }
          setConflict(true);
          return;
        }
        toast.error('The profile was not saved', { description: error.message });
      },
    });
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {conflict ? (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden="true" />
            <AlertTitle>The profile was not saved</AlertTitle>
            <AlertDescription>
              Someone else saved this profile while you were editing. It has been reloaded: make your changes
              again.
            </AlertDescription>
          </Alert>
        ) : null}
        <fieldset disabled={isReadOnly} className="flex min-w-0 flex-col gap-4">
          <Section title="Qualifications and specialisations">
            <Controller
              control={control}
              name="qualifications"
              render={({ field }) => (
                <TextListEditor
                  label="Qualifications"
                  itemLabel="qualification"
                  values={field.value}
                  onChange={field.onChange}
                  placeholder="e.g. Certificate IV in Disability"
                />
              )}
            />
            <Controller
              control={control}
              name="specializations"
              render={({ field }) => (
                <TextListEditor
                  label="Specialisations"
                  itemLabel="specialisation"
                  values={field.value}
                  onChange={field.onChange}
                  placeholder="e.g. Positive behaviour support"
                />
              )}
            />
          </Section>
          <Section
            title="Registrations"
            description="Professional registrations with their numbers and expiry dates."
          >
            <RegistrationsEditor isReadOnly={isReadOnly} />
          </Section>
          <Section title="Supervisor">
            <FormField id={`${base}-supervisor`} label="Supervisor">
              {/* Controlled: the list arrives after the form, and the saved choice must stay chosen. */}
              <Controller
                control={control}
                name="supervisorId"
                render={({ field }) => (
                  <NativeSelect
                    id={`${base}-supervisor`}
                    wrapperClassName="sm:max-w-sm"
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  >
                    <option value="">No supervisor</option>
                    {isSupervisorListed ? null : (
                      <option value={profile.supervisorId ?? ''}>
                        {profile.supervisorName ?? 'Former supervisor'}
                      </option>
                    )}
                    {supervisorOptions.map((person) => (
                      <option key={person.userId} value={person.userId}>
                        {person.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              />
            </FormField>
          </Section>
          <Section
            title="Screening checks"
            description="An expiry within 30 days notifies the person and the organisation's admins."
          >
            <CheckFields
              name="workingWithChildrenCheck"
              title="Working with Children Check"
              savedExpiryDate={profile.workingWithChildrenCheck?.expiryDate ?? ''}
              savedState={profile.childrenCheck}
            />
            <CheckFields
              name="workerScreening"
              title="NDIS Worker Screening"
              savedExpiryDate={profile.workerScreening?.expiryDate ?? ''}
              savedState={profile.screening}
            />
          </Section>
        </fieldset>
        {isReadOnly ? (
          <p className="text-muted-foreground text-sm">
            You can read this profile. The person and your organisation's admins can change it.
          </p>
        ) : (
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={!isDirty || save.isPending}
              onClick={() => reset(toStaffForm(profile))}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              Save
            </Button>
          </div>
        )}
      </form>
    </FormProvider>
  );
}
