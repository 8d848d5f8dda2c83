import type { Team } from '@wattle/domain/teams/schemas';
import { UserRoundIcon } from 'lucide-react';

/** The team a page belongs to: its participant, as the team record holds it. */
export function TeamSummary({ team }: { team: Team }) {
  return (
    <p className="-mt-4 flex items-center gap-1.5 text-muted-foreground text-sm">
      <UserRoundIcon className="size-4 shrink-0" aria-hidden="true" />
      {team.participant ? (
        <>
          <span className="sr-only">Participant: </span>
          {team.participant.name}
        </>
      ) : (
        'No participant linked yet'
      )}
    </p>
  );
}
