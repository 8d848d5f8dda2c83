import { CheckIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { stepNumber, type WizardStep, wizardSteps } from './wizard-steps';

const shortNames = {
  participant: 'Participant',
  team: 'Team',
  templates: 'Templates',
} as const satisfies Record<WizardStep, string>;

/** Where the wizard is: the three steps, done ones ticked, the current one marked for screen readers. */
export function WizardProgress({ step }: { step: WizardStep }) {
  const current = stepNumber(step);
  return (
    <ol aria-label="Wizard steps" className="flex items-center gap-2 text-xs">
      {wizardSteps.map((candidate) => {
        const number = stepNumber(candidate);
        const isDone = number < current;
        const isCurrent = number === current;
        return (
          <li
            key={candidate}
            aria-current={isCurrent ? 'step' : undefined}
            className="flex flex-1 items-center gap-2"
          >
            <span
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full border font-medium',
                isCurrent && 'border-primary bg-primary text-primary-foreground',
                isDone && 'border-primary text-primary',
              )}
              aria-hidden="true"
            >
              {isDone ? <CheckIcon className="size-3.5" /> : number}
            </span>
            <span className={cn('truncate', isCurrent ? 'font-medium' : 'text-muted-foreground')}>
              {shortNames[candidate]}
              {isDone ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
