import type { Team } from '@wattle/domain/teams/schemas';
import { UserRoundIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The participant a team centres on, as one line with an icon; every team list and page uses it. */
export function ParticipantLine({
  team,
  as: Element = 'span',
  className,
  iconClassName = 'size-3.5',
}: {
  team: Pick<Team, 'participant'>;
  as?: 'span' | 'p';
  className?: string;
  iconClassName?: string;
}) {
  return (
    <Element className={cn('flex items-center gap-1 truncate text-muted-foreground text-sm', className)}>
      <UserRoundIcon className={cn('shrink-0', iconClassName)} aria-hidden="true" />
      {team.participant ? (
        <>
          <span className="sr-only">Participant: </span>
          {team.participant.name}
        </>
      ) : (
        'No participant linked yet'
      )}
    </Element>
  );
}
