import { slugWithSuffix } from '@wattle/domain/shared/ids';
import {
  keepsTemplatesAndRules,
  type PublishedTemplateSummary,
} from '@wattle/domain/templates/published-templates';
import type {
  CreateTemplateInput,
  FormTemplate,
  TemplateVersionInput,
} from '@wattle/domain/templates/schemas';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { publishedTemplates, publishedTemplateVersions } from '../../db/schema/templates';
import { users } from '../../db/schema/users';
import type { Actor } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { writeAccountAudit } from '../audit/write-audit';
import { findPublishedTemplate, toPublishedTemplate } from '../templates/published-template-reads';
import { buildTemplateDefinition, versionChanges } from '../templates/template-definition';

/**
 * Templates published to every tenant. They belong to no tenant, so they are written outside tenant
 * scope (the app role may only read them) after this check, and each publish and retirement is
 * recorded in the system admin's account audit log.
 */
export function requireTemplatesAndRulesKeeper(actor: Actor): void {
  if (!keepsTemplatesAndRules(actor.platformRole)) {
    throw new AppError('FORBIDDEN', 'Only system admins can change templates and rules');
  }
}

function auditOf(
  actor: Actor,
  action: string,
  templateId: string,
  changes: { field: string; oldValue: unknown; newValue: unknown }[],
) {
  return {
    userId: actor.id,
    action,
    ip: actor.ip,
    userAgent: actor.userAgent,
    changes,
    metadata: { entity: 'published-template', entityId: templateId },
  };
}

/** Every published template, retired ones too, with its versions newest first (system admins). */
export async function listPublishedTemplates(
  db: Database,
  actor: Actor,
): Promise<PublishedTemplateSummary[]> {
  requireTemplatesAndRulesKeeper(actor);
  const templates = await db.select().from(publishedTemplates).orderBy(asc(publishedTemplates.createdAt));
  const versions = await db
    .select({
      row: publishedTemplateVersions,
      templateId: publishedTemplateVersions.templateId,
      version: publishedTemplateVersions.version,
      definition: publishedTemplateVersions.definition,
      publishedAt: publishedTemplateVersions.publishedAt,
      publishedByName: users.name,
    })
    .from(publishedTemplateVersions)
    .leftJoin(users, eq(users.id, publishedTemplateVersions.publishedBy))
    .orderBy(desc(publishedTemplateVersions.version));
  return templates.flatMap((t) => {
    const own = versions.filter((v) => v.templateId === t.id);
    const latest = own.find((v) => v.version === t.latestVersion);
    // A template is written with its first version in one transaction: never without it.
    if (!latest) return [];
    return {
      id: t.id,
      name: t.name,
      category: latest.definition.category,
      latestVersion: t.latestVersion,
      isActive: t.isActive,
      retiredAt: t.retiredAt?.toISOString() ?? null,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
      versions: own.map((v) => ({
        versionNumber: v.version,
        version: v.definition.version,
        fieldCount: v.definition.fields.length,
        publishedAt: v.publishedAt.toISOString(),
        publishedByName: v.publishedByName ?? null,
      })),
      latest: toPublishedTemplate(t, latest.row),
    };
  });
}

/** One published template in the version asked for, else its latest, retired or not (system admins). */
export async function readPublishedTemplate(
  db: Database,
  actor: Actor,
  id: string,
  version: number | undefined,
): Promise<FormTemplate> {
  requireTemplatesAndRulesKeeper(actor);
  const template = await findPublishedTemplate(db, id, { includeInactive: true, version });
  if (!template) throw new AppError('NOT_FOUND', 'Template not found');
  return template;
}

async function insertVersion(
  tx: Tx,
  actor: Actor,
  id: string,
  versionNumber: number,
  input: CreateTemplateInput,
) {
  const definition = buildTemplateDefinition(input, { id, tenantId: null, versionNumber });
  await tx.insert(publishedTemplateVersions).values({
    templateId: id,
    version: versionNumber,
    definition,
    publishedBy: actor.id,
  });
  return definition;
}

/** Publishes a new template to every tenant, as its version 1.0. */
export async function publishNewTemplate(
  db: Database,
  actor: Actor,
  input: CreateTemplateInput,
): Promise<FormTemplate> {
  requireTemplatesAndRulesKeeper(actor);
  const id = slugWithSuffix(input.name, 6).slice(0, 80);
  await db.transaction(async (tx) => {
    await tx
      .insert(publishedTemplates)
      .values({ id, name: input.name, latestVersion: 1, createdBy: actor.id });
    const definition = await insertVersion(tx, actor, id, 1, input);
    await writeAccountAudit(
      tx,
      auditOf(actor, 'template-published', id, [
        { field: 'name', oldValue: null, newValue: input.name },
        { field: 'version', oldValue: null, newValue: definition.version },
        { field: 'fields', oldValue: null, newValue: definition.fields.map((f) => f.id) },
      ]),
    );
  });
  return readPublishedTemplate(db, actor, id, undefined);
}

/**
 * Publishes the next version of a template. Published versions never change: this adds one, taken
 * from the version the edit started from with a conditional update (409 when another was published
 * since). Tenants' new cards use it from now on; their existing cards keep theirs.
 */
export async function publishTemplateVersion(
  db: Database,
  actor: Actor,
  id: string,
  input: TemplateVersionInput,
): Promise<FormTemplate> {
  requireTemplatesAndRulesKeeper(actor);
  const before = await findPublishedTemplate(db, id, { includeInactive: true });
  if (!before) throw new AppError('NOT_FOUND', 'Template not found');
  if (!before.isActive)
    throw new AppError('CONFLICT', 'This template is retired; publish a new template instead');
  const next = input.fromVersion + 1;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(publishedTemplates)
      .set({ latestVersion: next, name: input.name, updatedAt: sql`now()` })
      .where(
        and(
          eq(publishedTemplates.id, id),
          eq(publishedTemplates.latestVersion, input.fromVersion),
          eq(publishedTemplates.isActive, true),
        ),
      )
      .returning({ id: publishedTemplates.id });
    if (!row) {
      throw new AppError(
        'CONFLICT',
        `Version ${before.version} of this template was published since you started; reload to edit it`,
        { current: before },
      );
    }
    const definition = await insertVersion(tx, actor, id, next, input);
    await writeAccountAudit(
      tx,
      auditOf(actor, 'template-version-published', id, versionChanges(before, definition)),
    );
  });
  return readPublishedTemplate(db, actor, id, next);
}

/** Retires a published template: no tenant makes new cards from it; existing cards keep their version. */
export async function retirePublishedTemplate(db: Database, actor: Actor, id: string): Promise<FormTemplate> {
  requireTemplatesAndRulesKeeper(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(publishedTemplates)
      .set({ isActive: false, retiredAt: sql`now()`, retiredBy: actor.id, updatedAt: sql`now()` })
      .where(and(eq(publishedTemplates.id, id), eq(publishedTemplates.isActive, true)))
      .returning({ name: publishedTemplates.name });
    if (!row) {
      const exists = await findPublishedTemplate(tx, id, { includeInactive: true });
      if (!exists) throw new AppError('NOT_FOUND', 'Template not found');
      throw new AppError('CONFLICT', 'This template is already retired');
    }
    await writeAccountAudit(
      tx,
      auditOf(actor, 'template-retired', id, [{ field: 'isActive', oldValue: true, newValue: false }]),
    );
  });
  return readPublishedTemplate(db, actor, id, undefined);
}
