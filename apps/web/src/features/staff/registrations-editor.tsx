import { PlusIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import type { StaffFormValues } from './staff-form';

/** Registrations (type, number, expiry date): add and remove rows (spec work section 3, Staff member). */
export function RegistrationsEditor({ isReadOnly }: { isReadOnly: boolean }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<StaffFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'registrations' });
  const base = useId();

  return (
    <div className="flex flex-col gap-3">
      {fields.length === 0 ? (
        <p className="text-muted-foreground text-sm">No registrations recorded.</p>
      ) : (
        <ul aria-label="Registrations" className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const id = (name: string) => `${base}-${index}-${name}`;
            const rowErrors = errors.registrations?.[index];
            return (
              <li
                key={field.id}
                data-testid="registration"
                className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-start"
              >
                <FormField id={id('type')} label="Type" error={rowErrors?.type?.message}>
                  <Input
                    id={id('type')}
                    placeholder="e.g. AHPRA"
                    {...fieldAria(id('type'), { error: rowErrors?.type?.message })}
                    {...register(`registrations.${index}.type`)}
                  />
                </FormField>
                <FormField id={id('number')} label="Number" error={rowErrors?.number?.message}>
                  <Input
                    id={id('number')}
                    {...fieldAria(id('number'), { error: rowErrors?.number?.message })}
                    {...register(`registrations.${index}.number`)}
                  />
                </FormField>
                <FormField id={id('expiry')} label="Expiry date" error={rowErrors?.expiryDate?.message}>
                  <Controller
                    control={control}
                    name={`registrations.${index}.expiryDate`}
                    render={({ field: bound }) => (
                      <DateInput
                        id={id('expiry')}
                        {...fieldAria(id('expiry'), { error: rowErrors?.expiryDate?.message })}
                        {...bound}
                      />
                    )}
                  />
                </FormField>
                {isReadOnly ? null : (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="sm:mt-6"
                    aria-label={`Remove registration ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {isReadOnly ? null : (
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => append({ type: '', number: '', expiryDate: '' })}
        >
          <PlusIcon aria-hidden="true" />
          Add registration
        </Button>
      )}
    </div>
  );
}
