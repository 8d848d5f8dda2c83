import { can } from '@wattle/domain/auth/permissions';
import { membershipRoleLabels, type TeamRole } from '@wattle/domain/auth/roles';
import type {
  FieldValues,
  FormTemplate,
  SignatureRecorder,
  SignatureValue,
} from '@wattle/domain/templates/schemas';
import {
  requiredRoleMessageFor,
  sameName,
  signatureRuleOf,
  signedValuesHash,
} from '@wattle/domain/templates/signatures';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import type { TeamAccess } from './card-records';
import { sameValue } from './card-values';

const platformRoleLabels = { 'global-admin': 'Global admin', 'system-admin': 'System admin' } as const;

/**
 * The role a signature records for the signed-in person: their role on the card's team, else their
 * role in the organisation, else their platform role.
 */
export function signerRoleLabel(
  ctx: Pick<TenantContext, 'membershipRole' | 'actor'>,
  teamRole: TeamRole | null,
): string {
  if (teamRole) return teamRole;
  if (ctx.membershipRole) return membershipRoleLabels[ctx.membershipRole];
  return ctx.actor.platformRole ? platformRoleLabels[ctx.actor.platformRole] : 'Member';
}

/**
 * Signatures as the server records them (decision 0021). Each signature in `incoming` that differs
 * from the card's is a new signing by the signed-in person:
 * - a field requiring a role (practitioner signature: a clinician) is refused (403) to anyone
 *   without sign:documents on the team, and so is clearing one;
 * - an own signature carries the signed-in person's name and no other: a different signer name or
 *   typed signature is refused (403);
 * - a participant's, guardian's or witness's signature keeps the name given, and a typed one must be
 *   that name (400);
 * - the server sets who recorded it (id, name, role), the time from its own clock and the SHA-256 of
 *   the form's other values as they will be saved (`values`, the card's values with this write
 *   applied), whatever the client sent for them.
 * Unchanged signatures pass through as stored.
 */
export function recordSignatures(
  ctx: Pick<TenantContext, 'actor' | 'membershipRole'>,
  access: Pick<TeamAccess, 'role' | 'isClinician' | 'teamRole'>,
  input: {
    template: FormTemplate | null;
    previous: FieldValues;
    incoming: FieldValues;
    /** The card's values once `incoming` is applied. */
    values: FieldValues;
    now: Date;
  },
): FieldValues {
  const { template, previous, incoming, values, now } = input;
  if (!template) return incoming;
  const recorded: FieldValues = { ...incoming };
  let hash: string | undefined;
  for (const field of template.fields) {
    if (field.type !== 'signature' || !(field.id in incoming)) continue;
    const next = incoming[field.id] as SignatureValue | null;
    const before = previous[field.id] ?? null;
    if (sameValue(before, next)) continue;
    const rule = signatureRuleOf(field);
    const refusal = can(access.role, 'sign:documents', access.isClinician)
      ? null
      : requiredRoleMessageFor(rule, field.name);
    if (refusal) throw new AppError('FORBIDDEN', refusal, { fieldId: field.id });
    if (next === null) continue;

    const recordedBy: SignatureRecorder = {
      userId: ctx.actor.id,
      name: ctx.actor.name,
      role: signerRoleLabel(ctx, access.teamRole),
    };
    let signerName = next.signerName.trim();
    if (rule.signer === 'self') {
      if (!sameName(signerName, ctx.actor.name)) {
        throw new AppError(
          'FORBIDDEN',
          `You can only sign "${field.name}" in your own name (${ctx.actor.name}), not as ${signerName}.`,
          { fieldId: field.id },
        );
      }
      if (next.kind === 'typed' && !sameName(next.typed ?? '', ctx.actor.name)) {
        throw new AppError(
          'FORBIDDEN',
          `A typed signature is your own name: type ${ctx.actor.name} to sign "${field.name}".`,
          { fieldId: field.id },
        );
      }
      signerName = ctx.actor.name;
    } else if (next.kind === 'typed' && !sameName(next.typed ?? '', signerName)) {
      const message = `A typed signature for "${field.name}" is the signer's name: type ${signerName}.`;
      throw new AppError('VALIDATION_FAILED', message, [{ path: ['fieldValues', field.id], message }]);
    }
    hash ??= signedValuesHash(template, values);
    recorded[field.id] = {
      kind: next.kind,
      ...(next.kind === 'drawn' ? { image: next.image } : { typed: next.typed }),
      signerName,
      signedAt: now.toISOString(),
      recordedBy,
      valuesHash: hash,
    };
  }
  return recorded;
}
