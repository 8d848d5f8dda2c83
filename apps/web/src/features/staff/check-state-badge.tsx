import { type ScreeningState, screeningStateLabels } from '@wattle/domain/staff/schemas';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';

const stateClasses = {
  current: 'border-transparent bg-emerald-50 text-emerald-800',
  expiring: 'border-transparent bg-amber-50 text-amber-900',
  expired: 'border-transparent bg-red-50 text-red-800',
  missing: 'border-transparent bg-secondary text-secondary-foreground',
} as const satisfies Record<ScreeningState, string>;

/** A check's standing: Current, Expiring soon (within 30 days), Expired or Not recorded. */
export function CheckStateBadge({ state, className }: { state: ScreeningState; className?: string }) {
  return (
    <Badge variant="outline" className={cn(stateClasses[state], className)}>
      {screeningStateLabels[state]}
    </Badge>
  );
}
