import { diffFields } from '@wattle/domain/audit/schemas';
import type {
  CardBillingRule,
  CreateCardBillingRuleInput,
  UpdateCardBillingRuleInput,
} from '@wattle/domain/invoices/card-billing-rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { cardBillingRules } from '../../db/schema/invoices';
import { tenants } from '../../db/schema/tenants';
import { type Actor, withTenant } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/write-audit';
import { requireTemplatesAndRulesKeeper } from './published-templates';

type RuleRow = typeof cardBillingRules.$inferSelect;

function toRule(row: RuleRow): CardBillingRule {
  return {
    id: row.id,
    tenantId: row.tenantId,
    cardType: row.cardType as CardBillingRule['cardType'],
    category: row.category as CardBillingRule['category'],
    baseRateCents: row.baseRateCents,
    estimatedHours: Number(row.estimatedHours),
    ndisLineItem: row.ndisLineItem,
    gstApplicable: row.gstApplicable,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const duplicateMessage = 'This organisation already has a billing rule for that card type and category';

/**
 * Card billing rules belong to a tenant (the invoice builder reads that tenant's), and system admins
 * keep them from /templates-rules for any tenant, as rules rather than the tenant's records: the
 * work runs inside the tenant (row-level security confines it there) and each change is written to
 * that tenant's audit log, so its admins see who changed their rules.
 */
async function inRuleTenant<T>(
  db: Database,
  actor: Actor,
  tenantId: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  requireTemplatesAndRulesKeeper(actor);
  return withTenant(db, tenantId, actor, async (tx) => {
    const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
    if (!tenant) throw new AppError('NOT_FOUND', 'Organisation not found');
    return fn(tx);
  });
}

export function listCardBillingRules(
  db: Database,
  actor: Actor,
  tenantId: string,
): Promise<CardBillingRule[]> {
  return inRuleTenant(db, actor, tenantId, async (tx) => {
    const rows = await tx
      .select()
      .from(cardBillingRules)
      .where(eq(cardBillingRules.tenantId, tenantId))
      .orderBy(asc(cardBillingRules.cardType), asc(cardBillingRules.category));
    return rows.map(toRule);
  });
}

function ruleFacts(
  rule: Pick<
    RuleRow,
    'cardType' | 'category' | 'baseRateCents' | 'estimatedHours' | 'ndisLineItem' | 'gstApplicable'
  >,
) {
  return {
    cardType: rule.cardType,
    category: rule.category,
    baseRateCents: rule.baseRateCents,
    estimatedHours: Number(rule.estimatedHours),
    ndisLineItem: rule.ndisLineItem,
    gstApplicable: rule.gstApplicable,
  };
}

/** A new rule for one card type and category of the tenant; 409 when it has one already. */
export function createCardBillingRule(
  db: Database,
  actor: Actor,
  tenantId: string,
  input: CreateCardBillingRuleInput,
): Promise<CardBillingRule> {
  return inRuleTenant(db, actor, tenantId, async (tx) => {
    let row: RuleRow | undefined;
    try {
      [row] = await tx
        .insert(cardBillingRules)
        .values({ tenantId, ...input, ndisLineItem: input.ndisLineItem.trim() })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'card_billing_rules_type_category_key'))
        throw new AppError('CONFLICT', duplicateMessage);
      throw error;
    }
    await writeAudit(tx, {
      tenantId,
      actor,
      entity: 'card-billing-rule',
      entityId: row!.id,
      action: 'created',
      changes: Object.entries(ruleFacts(row!)).map(([field, value]) => ({
        field,
        oldValue: null,
        newValue: value,
      })),
    });
    return toRule(row!);
  });
}

/** Changes a rule from the version the edit started from: 409 with the current rule when it moved on. */
export function updateCardBillingRule(
  db: Database,
  actor: Actor,
  tenantId: string,
  id: string,
  input: UpdateCardBillingRuleInput,
): Promise<CardBillingRule> {
  return inRuleTenant(db, actor, tenantId, async (tx) => {
    const [before] = await tx
      .select()
      .from(cardBillingRules)
      .where(and(eq(cardBillingRules.tenantId, tenantId), eq(cardBillingRules.id, id)));
    if (!before) throw new AppError('NOT_FOUND', 'Billing rule not found');
    if (before.version !== input.version) {
      throw new AppError('CONFLICT', 'Someone changed this billing rule since you opened it', {
        current: toRule(before),
      });
    }
    const { version, ...changes } = input;
    const set = {
      ...changes,
      ...(changes.ndisLineItem ? { ndisLineItem: changes.ndisLineItem.trim() } : {}),
    };
    let row: RuleRow | undefined;
    try {
      [row] = await tx
        .update(cardBillingRules)
        .set({ ...set, version: version + 1, updatedAt: sql`now()` })
        .where(
          and(
            eq(cardBillingRules.tenantId, tenantId),
            eq(cardBillingRules.id, id),
            eq(cardBillingRules.version, version),
          ),
        )
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'card_billing_rules_type_category_key'))
        throw new AppError('CONFLICT', duplicateMessage);
      throw error;
    }
    if (!row) throw new AppError('CONFLICT', 'Someone changed this billing rule since you opened it');
    await writeAudit(tx, {
      tenantId,
      actor,
      entity: 'card-billing-rule',
      entityId: id,
      action: 'updated',
      changes: diffFields(ruleFacts(before), ruleFacts(row)),
    });
    return toRule(row);
  });
}

/** Removes a rule: cards of its type and category are no longer invoiced (invoices built already keep their lines). */
export function deleteCardBillingRule(
  db: Database,
  actor: Actor,
  tenantId: string,
  id: string,
): Promise<void> {
  return inRuleTenant(db, actor, tenantId, async (tx) => {
    const [row] = await tx
      .delete(cardBillingRules)
      .where(and(eq(cardBillingRules.tenantId, tenantId), eq(cardBillingRules.id, id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Billing rule not found');
    await writeAudit(tx, {
      tenantId,
      actor,
      entity: 'card-billing-rule',
      entityId: id,
      action: 'deleted',
      changes: Object.entries(ruleFacts(row)).map(([field, value]) => ({
        field,
        oldValue: value,
        newValue: null,
      })),
    });
  });
}
