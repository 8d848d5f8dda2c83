import { checkState, type ScreeningState } from '@wattle/domain/staff/schemas';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { DateInput } from '@/ui/date-input';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { CheckStateBadge } from './check-state-badge';
import type { StaffFormValues } from './staff-form';

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * One screening check (Working with Children Check, NDIS Worker Screening): its number and expiry
 * date, with its standing. The saved standing is the server's (by the organisation's today); while
 * the date is being changed, it follows the date typed.
 */
export function CheckFields({
  name,
  title,
  savedExpiryDate,
  savedState,
}: {
  name: 'workingWithChildrenCheck' | 'workerScreening';
  title: string;
  savedExpiryDate: string;
  savedState: ScreeningState;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<StaffFormValues>();
  const expiryDate = useWatch({ control, name: `${name}.expiryDate` });
  const base = useId();
  const state =
    expiryDate === savedExpiryDate
      ? savedState
      : checkState(localToday(), { expiryDate: expiryDate || null });
  const numberError = errors[name]?.number?.message;
  const dateError = errors[name]?.expiryDate?.message;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border p-4" data-testid={`check-${name}`}>
      <legend className="flex items-center gap-2 px-1 font-medium text-sm">
        {title}
        <CheckStateBadge state={state} />
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${base}-number`} label="Number" error={numberError}>
          <Input
            id={`${base}-number`}
            autoComplete="off"
            {...fieldAria(`${base}-number`, { error: numberError })}
            {...register(`${name}.number`)}
          />
        </FormField>
        <FormField id={`${base}-expiry`} label="Expiry date" error={dateError}>
          <Controller
            control={control}
            name={`${name}.expiryDate`}
            render={({ field }) => (
              <DateInput
                id={`${base}-expiry`}
                {...fieldAria(`${base}-expiry`, { error: dateError })}
                {...field}
              />
            )}
          />
        </FormField>
      </div>
    </fieldset>
  );
}
