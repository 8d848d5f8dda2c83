import { useQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import { useId, useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { participantQueryOptions } from '@/features/participants/api';
import { ParticipantPicker } from '@/features/participants/participant-picker';
import { useIsFeatureOn } from '@/features/tenants/tenant-features';
import type { CardView } from './use-card-view';

/**
 * The card's participant in the Details sidebar (issue 13 part 3): their name, linking to their page
 * for those who may read participants, and a picker for those who may change the card. The name
 * comes from the team (whose participant most cards are about) or, for another participant, from
 * their record.
 */
export function CardParticipantField({ tenantId, card }: { tenantId: string; card: CardView }) {
  const labelId = useId();
  const { view, team, canEdit, change } = card;
  const participantId = view.participantId;
  const { data: me } = useQuery(meQueryOptions());
  // Participant records are closed while the organisation has participant management off.
  const isParticipantsOn = useIsFeatureOn('participantManagement');
  const canOpen = me?.isVerified === true && can(team?.myRole, 'read:participants') && isParticipantsOn;
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const teamParticipant = team?.participant;
  const knownName =
    participantId && teamParticipant?.id === participantId
      ? teamParticipant.name
      : participantId && picked?.id === participantId
        ? picked.name
        : null;
  // Another participant's name is read from their record (an audited read, as opening them is).
  const record = useQuery({
    ...participantQueryOptions(tenantId, participantId ?? ''),
    enabled: !!participantId && knownName === null && canOpen,
  });
  const name = knownName ?? record.data?.name ?? null;

  return (
    <div className="grid grid-cols-[7rem_1fr] items-center gap-2">
      <span id={labelId} className="font-medium text-muted-foreground text-sm">
        Participant
      </span>
      <div className="min-w-0">
        <ParticipantPicker
          tenantId={tenantId}
          participantId={participantId}
          participantName={name}
          disabled={!canEdit || !canOpen}
          canOpen={canOpen}
          labelledBy={labelId}
          onChange={(id, newName) => {
            if (id && newName) setPicked({ id, name: newName });
            change('participantId', id, { label: 'Participant' });
          }}
        />
      </div>
    </div>
  );
}
