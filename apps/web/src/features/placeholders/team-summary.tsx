import type { Team } from '@wattle/domain/teams/schemas';
import { ParticipantLine } from '@/features/teams/participant-line';

/** The team a page belongs to: its participant, as the team record holds it. */
export function TeamSummary({ team }: { team: Team }) {
  return <ParticipantLine team={team} as="p" className="-mt-4 gap-1.5" iconClassName="size-4" />;
}
