import type { Subscription } from './schemas';

/**
 * The subscription limits an organisation's plan sets (spec shell section 3: subscription.limits
 * maxTeams, maxUsers, storageGB) and the words of a refusal. A limit of -1 is unlimited. The server
 * enforces them where a team, a person or a file is added (issue 17 item 6); each refusal says which
 * limit and how to raise it.
 */
export type LimitKind = 'teams' | 'users' | 'storage';

export const bytesPerGB = 1024 ** 3;

const planNames: Record<Subscription['plan'], string> = {
  trial: 'trial',
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

/** The limit of one kind: teams, people, or bytes of storage; null when unlimited. */
export function limitOf(subscription: Pick<Subscription, 'limits'>, kind: LimitKind): number | null {
  const { maxTeams, maxUsers, storageGB } = subscription.limits;
  const value = kind === 'teams' ? maxTeams : kind === 'users' ? maxUsers : storageGB;
  if (value < 0) return null;
  return kind === 'storage' ? value * bytesPerGB : value;
}

/** Whether `adding` more (teams, people, bytes) fit beside `inUse` under the plan's limit. */
export function hasRoomFor(
  subscription: Pick<Subscription, 'limits'>,
  kind: LimitKind,
  inUse: number,
  adding = 1,
): boolean {
  const limit = limitOf(subscription, kind);
  return limit === null || inUse + adding <= limit;
}

const howToRaise = "To raise it, the organisation's owner can ask Wattle to move it to a larger plan.";

/** The refusal when a limit is reached: which limit, how much is in use, and how to raise it. */
export function limitReachedMessage(
  subscription: Pick<Subscription, 'plan' | 'limits'>,
  kind: LimitKind,
): string {
  const plan = planNames[subscription.plan];
  const { maxTeams, maxUsers, storageGB } = subscription.limits;
  switch (kind) {
    case 'teams':
      return `Your organisation's ${plan} plan allows ${maxTeams} ${maxTeams === 1 ? 'team' : 'teams'}, and all are in use. Archive a team you no longer need, or raise the limit. ${howToRaise}`;
    case 'users':
      return `Your organisation's ${plan} plan allows ${maxUsers} ${maxUsers === 1 ? 'person' : 'people'}, and all places are taken. Remove someone who has left, or raise the limit. ${howToRaise}`;
    case 'storage':
      return `This file would take your organisation past the ${storageGB} GB of file storage its ${plan} plan allows. Delete files you no longer need, or raise the limit. ${howToRaise}`;
  }
}
