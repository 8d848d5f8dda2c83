import { Link } from '@tanstack/react-router';
import { participantStatuses, participantStatusLabels } from '@wattle/domain/participants/schemas';
import {
  HeartPulseIcon,
  IdCardIcon,
  PhoneCallIcon,
  ShieldUserIcon,
  TargetIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { Controller, type FieldPath, get, type UseFormReturn } from 'react-hook-form';
import { DateInput } from '@/ui/date-input';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { Field, FormCard, TextArea, TextListEditor } from './participant-fields';
import type { ParticipantFormValues } from './participant-form-values';
import { ParticipantLocationFields } from './participant-location-fields';

/**
 * The cards of the participant form (spec work section 2): Basic Information, Emergency Contact,
 * Guardian/Support Person Information, Support Goals, Important Alerts, and the care information.
 */

type Form = UseFormReturn<ParticipantFormValues>;
type TextFieldPath = Exclude<
  FieldPath<ParticipantFormValues>,
  'goals' | 'alerts' | `goals.${number}` | `alerts.${number}`
>;

function messageOf(form: Form, name: string): string | undefined {
  return (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
}

/** One text input (or text area) of the form with its label, hint and message. */
function TextField({
  form,
  name,
  label,
  maxLength,
  type = 'text',
  required = false,
  hint,
  multiline = false,
  rows,
  className,
  inputMode,
  onChange,
}: {
  form: Form;
  name: TextFieldPath;
  label: string;
  maxLength: number;
  type?: 'text' | 'tel' | 'email';
  required?: boolean;
  hint?: string;
  multiline?: boolean;
  rows?: number;
  className?: string;
  inputMode?: 'numeric';
  onChange?: () => void;
}) {
  const registered = form.register(name, onChange ? { onChange } : undefined);
  return (
    <Field label={label} required={required} hint={hint} error={messageOf(form, name)} className={className}>
      {(control) => {
        const shared = {
          id: control.id,
          maxLength,
          'aria-invalid': control.invalid,
          'aria-describedby': control.describedBy,
          'aria-required': required ? ('true' as const) : undefined,
          ...registered,
        };
        return multiline ? (
          <TextArea rows={rows} {...shared} />
        ) : (
          <Input
            type={type}
            autoComplete="off"
            inputMode={inputMode}
            className={inputMode === 'numeric' ? 'font-mono' : undefined}
            {...shared}
          />
        );
      }}
    </Field>
  );
}

export function BasicInformationCard({
  form,
  showStatus,
  holder,
  onNdisNumberChange,
}: {
  form: Form;
  /** Edit mode: new participants start pending, so create mode has no status (spec work section 4). */
  showStatus: boolean;
  /** The participant who already has the NDIS number typed (a 409), to open. */
  holder: { id: string; name: string } | null;
  onNdisNumberChange: () => void;
}) {
  return (
    <FormCard title="Basic Information" icon={<IdCardIcon className="size-4" aria-hidden="true" />}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="name"
          label="Full Name"
          required
          maxLength={100}
          className="sm:col-span-2"
        />
        <div className="flex min-w-0 flex-col gap-1.5">
          <TextField
            form={form}
            name="ndisNumber"
            label="NDIS Number"
            required
            hint="9 digits"
            maxLength={9}
            inputMode="numeric"
            onChange={onNdisNumberChange}
          />
          {holder && messageOf(form, 'ndisNumber') ? (
            <Link
              to="/participants/$participantId"
              params={{ participantId: holder.id }}
              preload={false}
              className="w-fit text-sm underline underline-offset-4"
            >
              Open {holder.name}
            </Link>
          ) : null}
        </div>
        <Field label="Date of Birth" required error={messageOf(form, 'dateOfBirth')}>
          {(control) => (
            <Controller
              control={form.control}
              name="dateOfBirth"
              render={({ field }) => (
                <DateInput
                  id={control.id}
                  min="1900-01-01"
                  aria-invalid={control.invalid}
                  aria-describedby={control.describedBy}
                  aria-required={true}
                  {...field}
                />
              )}
            />
          )}
        </Field>
        <TextField form={form} name="phone" label="Phone" type="tel" maxLength={30} />
        {showStatus ? (
          <Field label="Status" error={messageOf(form, 'status')}>
            {(control) => (
              <NativeSelect
                id={control.id}
                wrapperClassName="w-full"
                aria-describedby={control.describedBy}
                {...form.register('status')}
              >
                {participantStatuses.map((status) => (
                  <option key={status} value={status}>
                    {participantStatusLabels[status]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        ) : null}
        <TextField
          form={form}
          name="address"
          label="Address"
          multiline
          rows={2}
          maxLength={300}
          className="sm:col-span-2"
        />
        <ParticipantLocationFields
          className="sm:col-span-2"
          stateField={form.register('state')}
          monashModelField={form.register('monashModel')}
          stateError={messageOf(form, 'state')}
          monashModelError={messageOf(form, 'monashModel')}
        />
      </div>
    </FormCard>
  );
}

export function EmergencyContactCard({ form }: { form: Form }) {
  return (
    <FormCard title="Emergency Contact" icon={<PhoneCallIcon className="size-4" aria-hidden="true" />}>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField form={form} name="emergencyContact.name" label="Name" maxLength={100} />
        <TextField form={form} name="emergencyContact.relationship" label="Relationship" maxLength={100} />
        <TextField form={form} name="emergencyContact.phone" label="Phone" type="tel" maxLength={30} />
      </div>
    </FormCard>
  );
}

export function GuardianCard({ form }: { form: Form }) {
  return (
    <FormCard
      title="Guardian/Support Person Information"
      icon={<ShieldUserIcon className="size-4" aria-hidden="true" />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="guardian.name" label="Name" maxLength={100} />
        <TextField form={form} name="guardian.relationship" label="Relationship" maxLength={100} />
        <TextField form={form} name="guardian.phone" label="Phone" type="tel" maxLength={30} />
        <TextField form={form} name="guardian.email" label="Email" type="email" maxLength={254} />
      </div>
    </FormCard>
  );
}

/** Support Goals or Important Alerts: added with Enter or the button, each removable. */
export function TextListCard({ form, list }: { form: Form; list: 'goals' | 'alerts' }) {
  const isGoals = list === 'goals';
  const message = messageOf(form, list) ?? messageOf(form, `${list}.root`);
  return (
    <FormCard
      title={isGoals ? 'Support Goals' : 'Important Alerts'}
      description={
        isGoals
          ? 'What the participant is working towards. Press Enter or Add after each one.'
          : 'What everyone working with the participant must know: allergies, risks, needs.'
      }
      icon={
        isGoals ? (
          <TargetIcon className="size-4" aria-hidden="true" />
        ) : (
          <TriangleAlertIcon className="size-4" aria-hidden="true" />
        )
      }
    >
      <Controller
        control={form.control}
        name={list}
        render={({ field }) => (
          <TextListEditor
            value={field.value}
            onChange={field.onChange}
            label={isGoals ? 'New support goal' : 'New important alert'}
            itemNoun={isGoals ? 'goal' : 'alert'}
            placeholder={isGoals ? 'Add a support goal' : 'Add an important alert'}
            tone={isGoals ? 'default' : 'alert'}
            error={message}
          />
        )}
      />
    </FormCard>
  );
}

export function CareInformationCard({ form }: { form: Form }) {
  return (
    <FormCard
      title="Preferences, Medical and Communication"
      icon={<HeartPulseIcon className="size-4" aria-hidden="true" />}
    >
      <div className="grid gap-4">
        <TextField form={form} name="preferences" label="Preferences" multiline maxLength={2000} />
        <TextField form={form} name="medicalInfo" label="Medical Information" multiline maxLength={4000} />
        <TextField
          form={form}
          name="communicationNeeds"
          label="Communication Needs"
          multiline
          maxLength={2000}
        />
      </div>
    </FormCard>
  );
}
