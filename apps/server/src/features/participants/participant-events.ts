import type { ChangeEventType } from '@wattle/domain/events/rules';
import type { TenantContext } from '../../http/tenant-scope';
import { type ChangeMessage, publishChanges } from '../events/change-feed';

/**
 * Tells open pages a participant changed (they fetch it again), and the teams whose cards show the
 * participant (GET /api/teams carries each team's participant) when `teamIds` names them: the team
 * it was on and the one it moved to.
 */
export async function publishParticipantChange(
  ctx: TenantContext,
  change: { type: ChangeEventType; id: string; version: number; teamIds?: readonly (string | null)[] },
): Promise<void> {
  const teamIds = [...new Set((change.teamIds ?? []).filter((id): id is string => !!id))];
  const messages: ChangeMessage[] = [
    {
      tenantId: ctx.tenantId,
      userId: null,
      event: { type: change.type, entity: 'participant', id: change.id, version: change.version },
    },
    ...teamIds.map(
      (teamId): ChangeMessage => ({
        tenantId: ctx.tenantId,
        userId: null,
        event: { type: 'updated', entity: 'team', id: teamId, version: null },
      }),
    ),
  ];
  await publishChanges(ctx.tx, messages);
}
