import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import type { Team } from '@wattle/domain/teams/schemas';
import { UserRoundIcon } from 'lucide-react';
import { meQueryOptions } from '@/features/auth/api';
import { cn } from '@/lib/cn';

/**
 * The participant a team centres on, as one line with an icon; every team list and page uses it. The
 * name opens the participant's page for those who may read it (their record, or a family guardian's
 * summary; a verified account either way), unless the line sits inside another link (`linked={false}`).
 */
export function ParticipantLine({
  team,
  as: Element = 'span',
  className,
  iconClassName = 'size-3.5',
  linked = true,
}: {
  team: Pick<Team, 'participant' | 'myRole'>;
  as?: 'span' | 'p';
  className?: string;
  iconClassName?: string;
  linked?: boolean;
}) {
  const { data: me } = useQuery(meQueryOptions());
  const participant = team.participant;
  const mayOpen =
    linked &&
    me?.isVerified === true &&
    (can(team.myRole, 'read:participants') || can(team.myRole, 'read:participant-summary'));
  return (
    <Element className={cn('flex items-center gap-1 truncate text-muted-foreground text-sm', className)}>
      <UserRoundIcon className={cn('shrink-0', iconClassName)} aria-hidden="true" />
      {participant ? (
        <>
          <span className="sr-only">Participant: </span>
          {mayOpen ? (
            <Link
              to="/participants/$participantId"
              params={{ participantId: participant.id }}
              // Opening a participant is an audited read: nothing is fetched before the person opens it.
              preload={false}
              className="truncate underline-offset-4 hover:text-foreground hover:underline"
              data-testid="participant-line-link"
            >
              {participant.name}
            </Link>
          ) : (
            participant.name
          )}
        </>
      ) : (
        'No participant linked yet'
      )}
    </Element>
  );
}
