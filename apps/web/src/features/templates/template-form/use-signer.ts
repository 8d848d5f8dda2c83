import { useQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import { clinicianTeamRoles } from '@wattle/domain/auth/roles';
import type { SignatureRecorder } from '@wattle/domain/templates/schemas';
import { useMemo } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { teamsQueryOptions } from '@/features/teams/api';

/**
 * The signed-in person as a signature records them (decision 0021): the form fills the signer's name
 * from here and does not let it be changed, and offers a clinician's signature only to those the
 * server lets sign it (sign:documents on the card's team, from the one permission table).
 */
export interface Signer {
  recorder: SignatureRecorder;
  /** Holds sign:documents on the card's team: may sign a field that requires a clinician. */
  maySignAsClinician: boolean;
}

export function useSigner(tenantId: string, teamId: string): Signer | null {
  const me = useQuery(meQueryOptions()).data;
  const team = useQuery(teamsQueryOptions(tenantId)).data?.find((t) => t.id === teamId);
  return useMemo(() => {
    if (!me) return null;
    const teamRole = team?.members.find((m) => m.userId === me.id)?.role ?? null;
    const isClinician = !!teamRole && clinicianTeamRoles.includes(teamRole);
    return {
      // The role shown until the server records its own (organisation roles are named there).
      recorder: { userId: me.id, name: me.name, role: teamRole ?? 'Member' },
      maySignAsClinician: can(team?.myRole, 'sign:documents', isClinician),
    };
  }, [me, team]);
}
