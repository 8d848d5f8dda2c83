import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Label } from '@/ui/label';
import { RadioGroup, RadioGroupItem } from '@/ui/radio-group';
import type { WizardDraft } from './wizard-draft';

const choices = [
  { value: 'new', label: 'New participant', hint: 'Enter their details' },
  { value: 'existing', label: 'Existing participant', hint: 'One without a care team' },
] as const;

/** Step 1: a new participant or one already recorded; what was typed for either is kept. */
export function ParticipantModeChoice() {
  const { control } = useFormContext<WizardDraft>();
  const { field } = useController({ control, name: 'participantMode' });
  const base = useId();
  return (
    <RadioGroup
      aria-label="Participant"
      value={field.value}
      onValueChange={(value) => field.onChange(value)}
      className="grid-cols-2 gap-2"
    >
      {choices.map((choice) => (
        <Label
          key={choice.value}
          htmlFor={`${base}-${choice.value}`}
          className="flex cursor-pointer items-start gap-2.5 rounded-lg border p-3 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/60"
        >
          <RadioGroupItem id={`${base}-${choice.value}`} value={choice.value} className="mt-0.5" />
          <span className="flex flex-col gap-0.5">
            <span className="font-medium">{choice.label}</span>
            <span className="text-muted-foreground text-xs">{choice.hint}</span>
          </span>
        </Label>
      ))}
    </RadioGroup>
  );
}
