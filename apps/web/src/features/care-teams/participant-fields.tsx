import { ndisNumberLength } from '@wattle/domain/participants/schemas';
import { useId } from 'react';
import { Controller, type FieldError, useFormContext } from 'react-hook-form';
import { ParticipantLocationFields } from '@/features/participants/participant-location-fields';
import { DateInput } from '@/ui/date-input';
import { FormField, fieldAria, textareaClass } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { TextListEditor } from './text-list-editor';
import type { WizardDraft } from './wizard-draft';

/** Today as yyyy-mm-dd in the browser's zone: a date of birth cannot be later. */
function today(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** The goals' message: about the list, or about its first entry that is too long. */
function goalsError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  if (Array.isArray(error)) return (error.find(Boolean) as FieldError | undefined)?.message;
  return undefined;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 border-t pt-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full font-semibold text-sm">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Step 1's new participant (spec work section 3, "Participant draft"): name, NDIS number and date of
 * birth required, then address, emergency contact, guardian details, goals, preferences, medical
 * information and communication needs.
 */
export function ParticipantFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<WizardDraft>();
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const e = errors.participant;
  const message = (error: FieldError | undefined) => error?.message;

  return (
    <div className="flex flex-col gap-6">
      <Section title="Basic Information">
        <FormField id={id('name')} label="Full Name" isRequired error={message(e?.name)}>
          <Input
            id={id('name')}
            autoComplete="off"
            {...fieldAria(id('name'), { error: message(e?.name), isRequired: true })}
            {...register('participant.name')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={id('ndis')}
            label="NDIS Number"
            isRequired
            hint="9 digits"
            error={message(e?.ndisNumber)}
          >
            <Input
              id={id('ndis')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={ndisNumberLength}
              {...fieldAria(id('ndis'), { error: message(e?.ndisNumber), hint: true, isRequired: true })}
              {...register('participant.ndisNumber')}
            />
          </FormField>
          <FormField id={id('dob')} label="Date of Birth" isRequired error={message(e?.dateOfBirth)}>
            <Controller
              control={control}
              name="participant.dateOfBirth"
              render={({ field }) => (
                <DateInput
                  id={id('dob')}
                  min="1900-01-01"
                  max={today()}
                  {...fieldAria(id('dob'), { error: message(e?.dateOfBirth), isRequired: true })}
                  {...field}
                />
              )}
            />
          </FormField>
        </div>
        <FormField id={id('phone')} label="Phone" error={message(e?.phone)}>
          <Input
            id={id('phone')}
            type="tel"
            autoComplete="off"
            {...fieldAria(id('phone'), { error: message(e?.phone) })}
            {...register('participant.phone')}
          />
        </FormField>
        <FormField id={id('address')} label="Address" error={message(e?.address)}>
          <textarea
            id={id('address')}
            rows={2}
            className={textareaClass}
            {...fieldAria(id('address'), { error: message(e?.address) })}
            {...register('participant.address')}
          />
        </FormField>
        <ParticipantLocationFields
          stateField={register('participant.state')}
          monashModelField={register('participant.monashModel')}
          stateError={message(e?.state)}
          monashModelError={message(e?.monashModel)}
        />
      </Section>

      <Section title="Emergency Contact">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('ec-name')} label="Name" error={message(e?.emergencyContact?.name)}>
            <Input
              id={id('ec-name')}
              autoComplete="off"
              {...fieldAria(id('ec-name'), { error: message(e?.emergencyContact?.name) })}
              {...register('participant.emergencyContact.name')}
            />
          </FormField>
          <FormField
            id={id('ec-relationship')}
            label="Relationship"
            error={message(e?.emergencyContact?.relationship)}
          >
            <Input
              id={id('ec-relationship')}
              autoComplete="off"
              {...fieldAria(id('ec-relationship'), { error: message(e?.emergencyContact?.relationship) })}
              {...register('participant.emergencyContact.relationship')}
            />
          </FormField>
        </div>
        <FormField id={id('ec-phone')} label="Phone" error={message(e?.emergencyContact?.phone)}>
          <Input
            id={id('ec-phone')}
            type="tel"
            autoComplete="off"
            {...fieldAria(id('ec-phone'), { error: message(e?.emergencyContact?.phone) })}
            {...register('participant.emergencyContact.phone')}
          />
        </FormField>
      </Section>

      <Section title="Guardian Details">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('g-name')} label="Name" error={message(e?.guardian?.name)}>
            <Input
              id={id('g-name')}
              autoComplete="off"
              {...fieldAria(id('g-name'), { error: message(e?.guardian?.name) })}
              {...register('participant.guardian.name')}
            />
          </FormField>
          <FormField
            id={id('g-relationship')}
            label="Relationship"
            error={message(e?.guardian?.relationship)}
          >
            <Input
              id={id('g-relationship')}
              autoComplete="off"
              {...fieldAria(id('g-relationship'), { error: message(e?.guardian?.relationship) })}
              {...register('participant.guardian.relationship')}
            />
          </FormField>
          <FormField id={id('g-phone')} label="Phone" error={message(e?.guardian?.phone)}>
            <Input
              id={id('g-phone')}
              type="tel"
              autoComplete="off"
              {...fieldAria(id('g-phone'), { error: message(e?.guardian?.phone) })}
              {...register('participant.guardian.phone')}
            />
          </FormField>
          <FormField id={id('g-email')} label="Email" error={message(e?.guardian?.email)}>
            <Input
              id={id('g-email')}
              type="email"
              autoComplete="off"
              {...fieldAria(id('g-email'), { error: message(e?.guardian?.email) })}
              {...register('participant.guardian.email')}
            />
          </FormField>
        </div>
      </Section>

      <Section title="Support">
        <Controller
          control={control}
          name="participant.goals"
          render={({ field, fieldState }) => (
            <TextListEditor
              label="Goals"
              itemLabel="goal"
              values={field.value}
              onChange={field.onChange}
              maxLength={500}
              placeholder="Add a goal and press Enter"
              error={goalsError(fieldState.error)}
            />
          )}
        />
        <FormField id={id('preferences')} label="Preferences" error={message(e?.preferences)}>
          <textarea
            id={id('preferences')}
            rows={2}
            className={textareaClass}
            {...fieldAria(id('preferences'), { error: message(e?.preferences) })}
            {...register('participant.preferences')}
          />
        </FormField>
        <FormField id={id('medical')} label="Medical Information" error={message(e?.medicalInfo)}>
          <textarea
            id={id('medical')}
            rows={2}
            className={textareaClass}
            {...fieldAria(id('medical'), { error: message(e?.medicalInfo) })}
            {...register('participant.medicalInfo')}
          />
        </FormField>
        <FormField
          id={id('communication')}
          label="Communication Needs"
          error={message(e?.communicationNeeds)}
        >
          <textarea
            id={id('communication')}
            rows={2}
            className={textareaClass}
            {...fieldAria(id('communication'), { error: message(e?.communicationNeeds) })}
            {...register('participant.communicationNeeds')}
          />
        </FormField>
      </Section>
    </div>
  );
}
