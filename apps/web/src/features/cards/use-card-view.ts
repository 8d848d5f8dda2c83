import { useQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import type { Card } from '@wattle/domain/cards/schemas';
import { isClinicianOnTeam } from '@wattle/domain/cards/status-columns';
import { useCallback, useMemo } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCardTemplate } from '@/features/templates/card-template';
import { useCardSaveQueue } from './field-save-queue';
import { cardValueAt, patchSetting, withPendingChanges } from './field-save-queue-core';
import { fieldLabel, lockedMessage } from './use-card-view-format';

/**
 * Everything the card page needs about one card: the server's card (`card`), the card as the user
 * sees it (`view`: the server's with the unsaved changes laid over it), the save queue, its team and
 * template, what the user may do, and `change()`, which queues one field's change.
 */
export function useCardView(tenantId: string, card: Card) {
  const queue = useCardSaveQueue(tenantId, card.id);
  const view = useMemo(() => withPendingChanges(card, queue.pending), [card, queue.pending]);
  const teams = useQuery(teamsQueryOptions(tenantId));
  const team = teams.data?.find((candidate) => candidate.id === card.teamId);
  // A custom or published template in the version the card was made with (not necessarily its
  // latest), or a built-in one as it is. undefined while loading ('Loading NDIS template...'), null
  // when the card has none or it is unknown.
  const template = useCardTemplate(tenantId, card);
  const canWrite = can(team?.myRole, 'write:cards');
  // A clinician's approvals (pending review, approved), as the server's team access decides them.
  const me = useQuery(meQueryOptions()).data;
  const myTeamRole = team?.members.find((member) => member.userId === me?.id)?.role ?? null;
  const isClinician = isClinicianOnTeam(team?.myRole, myTeamRole);
  const locked = lockedMessage(view.status);
  const canEdit = canWrite && locked === null;

  const { enqueue } = queue;
  const change = useCallback(
    (
      key: string,
      value: unknown,
      options: {
        label?: string;
        toast?: boolean;
        /** The version the user saw when they began this change (a text box: when it got focus). */
        baseVersion?: number;
      } = {},
    ) => {
      const previous = cardValueAt(view, key);
      if (JSON.stringify(previous ?? null) === JSON.stringify(value ?? null)) return;
      enqueue(
        {
          key,
          label: options.label ?? fieldLabel(key, template),
          patch: patchSetting(key, value),
          previous,
          baseVersion: options.baseVersion ?? card.version,
        },
        { toast: options.toast ?? true },
      );
    },
    [enqueue, view, card.version, template],
  );

  const nameOf = useCallback(
    (userId: string) => {
      if (userId === card.assigneeId && card.assigneeName) return card.assigneeName;
      return team?.members.find((member) => member.userId === userId)?.name;
    },
    [team, card.assigneeId, card.assigneeName],
  );

  return { card, queue, view, team, template, canWrite, canEdit, isClinician, locked, change, nameOf };
}

export type CardView = ReturnType<typeof useCardView>;
