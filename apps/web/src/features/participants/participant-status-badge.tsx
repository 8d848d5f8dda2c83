import type { ParticipantStatus } from '@wattle/domain/participants/schemas';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { statusLabel } from './participant-format';

const tones: Record<ParticipantStatus, string> = {
  active: 'border-transparent bg-emerald-50 text-emerald-800',
  pending: 'border-transparent bg-amber-50 text-amber-900',
  inactive: 'border-transparent bg-muted text-muted-foreground',
};

/** A participant's status (spec work section 4: active, inactive, pending) as a coloured badge. */
export function ParticipantStatusBadge({
  status,
  className,
}: {
  status: ParticipantStatus;
  className?: string;
}) {
  return (
    <Badge variant="outline" className={cn(tones[status], className)} data-testid="participant-status">
      {statusLabel(status)}
    </Badge>
  );
}
