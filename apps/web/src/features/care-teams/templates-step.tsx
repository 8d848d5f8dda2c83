import { templateSets } from '@wattle/domain/care-teams/template-sets';
import { findBuiltInTemplate } from '@wattle/domain/templates/built-in-templates';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Label } from '@/ui/label';
import { RadioGroup, RadioGroupItem } from '@/ui/radio-group';
import type { WizardDraft } from './wizard-draft';

function templateName(id: string): string {
  return findBuiltInTemplate(id)?.name ?? id;
}

/**
 * Step 3, 'Select Templates': exactly one of the five template sets (spec work section 2), each with
 * its name, what it is for and the compliance templates the team starts with.
 */
export function TemplatesStep() {
  const { control } = useFormContext<WizardDraft>();
  const { field, fieldState } = useController({ control, name: 'templateSet' });
  const base = useId();
  const error = fieldState.error?.message;

  return (
    <div className="flex flex-col gap-3">
      <p id={`${base}-label`} className="text-muted-foreground text-sm">
        Choose the kind of support this team gives. It decides which compliance templates the team starts
        with; more can be enabled later.
      </p>
      <RadioGroup
        ref={field.ref}
        aria-labelledby={`${base}-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${base}-error` : undefined}
        value={field.value ?? ''}
        onValueChange={(value) => field.onChange(value)}
        className="gap-2"
      >
        {templateSets.map((set) => (
          <Label
            key={set.id}
            htmlFor={`${base}-${set.id}`}
            data-testid="template-set"
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-4 font-normal leading-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/60"
          >
            <RadioGroupItem
              id={`${base}-${set.id}`}
              value={set.id}
              className="mt-0.5"
              aria-describedby={`${base}-${set.id}-description`}
            />
            <span className="flex min-w-0 flex-col gap-1.5">
              <span className="font-semibold">{set.name}</span>
              <span id={`${base}-${set.id}-description`} className="text-muted-foreground text-sm">
                {set.description}
              </span>
              <span className="text-xs">
                <span className="font-medium">Starts with: </span>
                {set.enabled
                  .map((id) => `${templateName(id)}${set.required.includes(id) ? ' (required)' : ''}`)
                  .join(', ')}
              </span>
            </span>
          </Label>
        ))}
      </RadioGroup>
      {error ? (
        <p id={`${base}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
