#!/usr/bin/env node
// Cards benchmark: a card list of 50 and a field save, on PGlite and on Postgres, with 100,000 cards
// over 100 tenants in the database. Results: docs/performance.md ("Cards").
//
//   node scripts/bench-cards.mjs [--db pglite|postgres|both] [--cards 100000] [--tenants 100]
//       [--users 20] [--patch-cards 2000] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
//       [--quiet-wait 60] [--env KEY=VALUE ...] [--server path/to/main.js] [--json out.json]
//       [--check-targets] [--keep]
//
// It builds nothing: run `npm run build -w apps/server` first (or point --server at a private bundle
// built with SERVER_OUTFILE). For each database it:
//   1. starts the built server once on a fresh PGlite directory or a fresh Postgres database
//      (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres, creates and drops
//      wattle_bench_<pid>_<time>): the server's own migrations and demo seed, then SIGTERM;
//   2. opens that database directly (PGlite in this process; Postgres as the admin role) and adds
//      --tenants tenants, each with one team, one member (Practitioner on the team) and
//      --cards / --tenants cards, written in multi-row inserts. Cards are made from the built-in
//      templates (or none, for tasks) with realistic titles and partly filled field values; their
//      compliance, completed requirements and search text are computed by the server's own code
//      (packages/domain and the cards service's buildSearchText, bundled with esbuild on the fly),
//      each with a 'created' audit entry; the search index is rebuilt after the load;
//   3. starts the server again, signs in as the members of the first --users tenants (demo
//      sign-in), checks one answer of each route, and drives with autocannon, spread over those
//      tenants:
//        - GET /api/cards?teamId=<their team>&limit=50
//        - PATCH /api/cards/<id> { version, fieldValues: { incident-description } }, a fresh text
//          each time, over --patch-cards editable incident reports, each sent with the version the
//          previous save of that card answered (a 409 or any non-2xx fails the run);
//   4. prints p50/p95/p99 and throughput of each, and stops the server with SIGTERM (exit code 0).
//
// Targets on the 2-core machine (issue 4), Postgres: list of 50 p95 < 30 ms, save p95 < 20 ms.
// With --check-targets, exits 2 when one is missed. Exits 1 on any error.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  commonArgs,
  commonOptions,
  createCleanups,
  describeHost,
  launchServer,
  scratchData,
  stopCleanly,
  waitForQuietMachine,
  writeJsonResults,
} from './lib/bench.mjs';
import { assertClean, medianByThroughput, runLoad } from './lib/bench-load.mjs';
import { describePostgres } from './lib/bench-postgres.mjs';
import { describeExit, tail } from './lib/bench-server.mjs';
import { formatMs, renderTable } from './lib/bench-stats.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = { listP95Ms: 30, saveP95Ms: 20 };

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-cards: ${text}\n`);

const usage = `usage: node scripts/bench-cards.mjs [--db pglite|postgres|both] [--cards 100000] [--tenants 100]
    [--users 20] [--patch-cards 2000] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
    [--quiet-wait 60] [--env KEY=VALUE ...] [--server apps/server/dist/main.js] [--json out.json]
    [--check-targets] [--keep]`;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      ...commonArgs,
      cards: { type: 'string', default: '100000' },
      tenants: { type: 'string', default: '100' },
      users: { type: 'string', default: '20' },
      'patch-cards': { type: 'string', default: '2000' },
    },
  });
  if (values.help) {
    print(usage);
    process.exit(0);
  }
  const number = (name, min, max) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  const options = {
    ...commonOptions(values, number),
    cards: number('cards', 1, 5_000_000),
    tenants: number('tenants', 1, 10_000),
    users: number('users', 1, 50),
    patchCards: number('patch-cards', 1, 100_000),
  };
  options.users = Math.min(options.users, options.tenants);
  if (options.cards < options.tenants) throw new Error('--cards must be at least --tenants (one team each)');
  return options;
}

// ---------------------------------------------------------------------------------------------
// The server's own rules, bundled from the TypeScript sources so generated cards are exactly what the
// API would have stored.

async function loadServerRules() {
  const { build } = await import('esbuild');
  const outDir = path.join(repoRoot, '.tmp', `bench-cards-${process.pid}`);
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, 'rules.mjs');
  const serverPkg = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys({ ...serverPkg.dependencies, ...serverPkg.devDependencies }).filter(
    (d) => !d.startsWith('@wattle/'),
  );
  await build({
    stdin: {
      contents: `
        export { validateCompliance, requiredFieldIdsFilled } from './packages/domain/src/cards/compliance.ts';
        export { builtInTemplates } from './packages/domain/src/templates/built-in-templates.ts';
        export { defaultCardType, defaultCategory } from './packages/domain/src/templates/template-choice.ts';
        export { formatWorkItemId, tenantPrefix } from './packages/domain/src/cards/work-item-id.ts';
        export { buildSearchText } from './apps/server/src/features/cards/card-values.ts';
      `,
      resolveDir: repoRoot,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'warning',
  });
  const rules = await import(pathToFileURL(outfile).href);
  return { rules, dispose: () => rmSync(outDir, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------------------------
// Data: deterministic pseudo-random (the same --cards and --tenants give the same data).

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const placeWords = [
  'Harbour',
  'Banksia',
  'Coastal',
  'Riverbend',
  'Eucalypt',
  'Southern Cross',
  'Kookaburra',
  'Bluewater',
  'Ironbark',
  'Sandstone',
  'Jacaranda',
  'Waratah',
  'Saltbush',
  'Lakeside',
  'Tablelands',
  'Mallee',
  'Wattlebird',
  'Red Gum',
  'Northern Rivers',
  'Bayside',
];
const orgWords = [
  'Support Services',
  'Care Collective',
  'Disability Services',
  'Community Care',
  'Support Network',
  'Ability Partners',
  'Care Co-op',
  'Living Supports',
];
const givenNames = [
  'Ava',
  'Liam',
  'Noah',
  'Isla',
  'Mia',
  'Oliver',
  'Charlotte',
  'Jack',
  'Amelia',
  'William',
  'Harper',
  'Leo',
  'Zara',
  'Kai',
  'Ruby',
  'Mason',
  'Sienna',
  'Aarav',
  'Mei',
  'Tane',
  'Ngaio',
  'Priya',
  'Lachlan',
  'Matilda',
];
const familyNames = [
  'Nguyen',
  'Smith',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Chen',
  'Singh',
  'Kelly',
  'Martin',
  "O'Brien",
  'Walker',
  'Patel',
  'Thompson',
  'White',
  'Harris',
  'Murphy',
  'Clarke',
  'Ryan',
  'Campbell',
];
const taskTitles = [
  'Book accessible transport for the GP visit',
  'Renew the NDIS plan review paperwork',
  'Order replacement sensory kit',
  'Call the school about the new timetable',
  'Update the emergency contact list',
  'Arrange respite for the long weekend',
  'Schedule the OT home assessment',
  'Check the medication chart with the pharmacist',
  'Plan the community garden outing',
  'Follow up on the wheelchair repair',
  'Confirm speech therapy sessions for next term',
  'Prepare the support roster for next fortnight',
];
const incidentTitles = [
  'Incident at the shopping centre',
  'Incident on the bus to day program',
  'Incident during the swimming lesson',
  'Incident at the respite house',
  'Incident in the kitchen at home',
  'Incident at the medical appointment',
  'Incident during the community outing',
  'Incident at school pick-up',
];
const sentences = [
  'Staff noticed rising distress before the transition and offered the quiet space straight away.',
  'The participant used the visual schedule to move between activities with one prompt.',
  'Loud, unexpected noise in crowded places is the most common trigger on record.',
  'A support worker stayed nearby, kept their voice low and gave two clear choices.',
  'Family report the morning routine goes better when breakfast is ready before waking.',
  'Requests for a break using the break card were honoured every time this week.',
  'The behaviour lasted about four minutes and ended once the participant was back in a familiar room.',
  'No injuries to anyone; the participant was checked and offered water and a rest.',
  'Data will be collected on an ABC chart for two weeks before the next review.',
  'Teaching focuses on asking for help with words or the communication device.',
  'The team agreed to reduce background noise at meal times and use headphones when needed.',
  'Positive reinforcement is given within a minute of the replacement behaviour.',
];
function pick(random, list) {
  return list[Math.floor(random() * list.length)];
}

/** A rich-text paragraph or two of plain sentences, within the field's maximum length. */
function richText(random, field, count) {
  const max = field.validation?.maxLength ?? 600;
  const min = field.validation?.minLength ?? 0;
  const parts = [];
  let length = 0;
  for (let i = 0; i < count || length < min; i++) {
    const s = pick(random, sentences);
    if (length + s.length + 1 > max) break;
    parts.push(s);
    length += s.length + 1;
  }
  if (parts.length === 0) return null;
  return parts.length > 1 && random() < 0.5
    ? `<p>${parts.slice(0, 1).join(' ')}</p><p>${parts.slice(1).join(' ')}</p>`
    : `<p>${parts.join(' ')}</p>`;
}

function isoDay(date) {
  return date.toISOString().slice(0, 10);
}

/** A value of the right shape for a field, as a filled form would hold it. */
function fieldValue(random, field, ctx) {
  switch (field.id) {
    case 'participant-name':
      return `<p>${ctx.participant.name}</p>`;
    case 'participant-ndis':
      return ctx.participant.ndisNumber;
    case 'participant-dob':
      return ctx.participant.dateOfBirth;
    case 'practitioner-name':
      return `<p>${ctx.userName}</p>`;
    case 'practitioner-registration':
      return `<p>NDIS-${1000 + Math.floor(random() * 9000)}</p>`;
    case 'incident-time':
      return `${String(7 + Math.floor(random() * 14)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}`;
    default:
      break;
  }
  switch (field.type) {
    case 'text':
      return richText(random, field, 1);
    case 'textarea':
      return richText(random, field, 1 + Math.floor(random() * 3));
    case 'select':
      return field.options?.length ? pick(random, field.options) : null;
    case 'multi-select':
      return field.options?.length
        ? [...new Set([pick(random, field.options), pick(random, field.options)])]
        : null;
    case 'date':
      return isoDay(new Date(ctx.createdAt.getTime() + Math.floor(random() * 60) * 86_400_000));
    case 'checkbox':
      return true;
    case 'signature':
      return {
        kind: 'typed',
        typed: ctx.userName,
        signerName: ctx.userName,
        signedAt: ctx.createdAt.toISOString(),
      };
    default:
      return null;
  }
}

/** Which template a card is made from: tasks without one, then incidents, plans, assessments … */
function templateFor(random, templatesById) {
  const r = random();
  if (r < 0.4) return null;
  if (r < 0.65) return templatesById.get('incident-report');
  if (r < 0.77) return templatesById.get('comprehensive-bsp');
  if (r < 0.85) return templatesById.get('interim-bsp');
  if (r < 0.9) return templatesById.get('functional-behaviour-assessment');
  if (r < 0.94) return templatesById.get('risk-management-plan');
  if (r < 0.97) return templatesById.get('debrief-log');
  return templatesById.get('provider-consent-form');
}

function buildTenants(count, rules) {
  const random = rng(42);
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    const name = `${pick(random, placeWords)} ${pick(random, orgWords)} ${n}`;
    const participantName = `${pick(random, givenNames)} ${pick(random, familyNames)}`;
    const userName = `${pick(random, givenNames)} ${pick(random, familyNames)}`;
    return {
      id: uuidv7(),
      name,
      slug: `bench-${n}-${Math.floor(random() * 1e6).toString(36)}`,
      prefix: rules.tenantPrefix(name),
      user: { id: uuidv7(), email: `bench.user${n}@bench.example`, name: userName },
      team: {
        id: uuidv7(),
        name: `${participantName.split(' ')[0]}'s Care Team`,
        slug: `care-team-${n}`,
        participant: {
          id: `participant_bench${n}`,
          name: participantName,
          ndisNumber: String(430_000_000 + Math.floor(random() * 9_999_999)),
          dateOfBirth: isoDay(new Date(now - (8 + Math.floor(random() * 60)) * 365 * 86_400_000)),
          goals: ['Travel independently to day program', 'Cook two meals a week'],
          alerts: random() < 0.5 ? ['Allergic to penicillin'] : [],
        },
      },
    };
  });
}

/** One tenant's cards, in the columns of the cards table (jsonb_to_recordset below reads them). */
function buildCards(tenant, count, { rules, templatesById, workflowStateId, seed }) {
  const random = rng(seed);
  const now = Date.now();
  const rows = [];
  for (let number = 1; number <= count; number++) {
    const template = templateFor(random, templatesById);
    const createdAt = new Date(now - Math.floor(random() * 365 * 86_400_000));
    const updatedAt = new Date(Math.min(now, createdAt.getTime() + Math.floor(random() * 30 * 86_400_000)));
    const ctx = { participant: tenant.team.participant, userName: tenant.user.name, createdAt };
    const fieldValues = {};
    if (template) {
      const share = 0.3 + random() * 0.7;
      for (const field of template.fields) {
        if (random() > share) continue;
        const value = fieldValue(random, field, ctx);
        if (value !== null) fieldValues[field.id] = value;
      }
    }
    const title =
      template?.category === 'incident'
        ? pick(random, incidentTitles)
        : template
          ? `${template.name} for ${tenant.team.participant.name}`
          : pick(random, taskTitles);
    const description = random() < 0.6 ? pick(random, sentences) : '';
    const compliance = rules.validateCompliance(template ?? null, fieldValues, updatedAt);
    const status =
      compliance.completion === 100 && random() < 0.5 ? 'approved' : random() < 0.3 ? 'draft' : 'in-progress';
    const assigned = random() < 0.6;
    const dueDate = template
      ? isoDay(new Date(createdAt.getTime() + template.estimatedDuration * 86_400_000))
      : null;
    const workItemId = rules.formatWorkItemId(tenant.prefix, number);
    rows.push({
      tenant_id: tenant.id,
      id: uuidv7({ msecs: createdAt.getTime() }),
      team_id: tenant.team.id,
      number,
      work_item_prefix: tenant.prefix,
      type: rules.defaultCardType(template ?? null),
      template_id: template?.id ?? null,
      template_name: template?.name ?? null,
      title,
      description,
      participant_id: tenant.team.participant.id,
      assignee_id: assigned ? tenant.user.id : null,
      status,
      state: status === 'approved' ? 'done' : pick(random, ['todo', 'doing', 'waiting', 'review']),
      ndis_status: status === 'approved' ? 'approved' : 'draft',
      workflow_state_id: workflowStateId,
      priority: pick(random, ['low', 'medium', 'medium', 'high']),
      category: rules.defaultCategory(template ?? null),
      due_date: dueDate,
      tags: random() < 0.2 ? ['follow-up'] : [],
      field_values: fieldValues,
      completed_requirements: {
        fields: rules.requiredFieldIdsFilled(template ?? null, fieldValues),
        documents: [],
        approvals: [],
      },
      compliance,
      field_versions: Object.fromEntries(Object.keys(fieldValues).map((k) => [`fieldValues.${k}`, 1])),
      search_text: rules.buildSearchText({
        workItemId,
        title,
        description,
        assigneeName: assigned ? tenant.user.name : null,
        dueDate,
        createdDate: isoDay(createdAt),
        fieldValues,
      }),
      created_at: createdAt.toISOString(),
      updated_at: updatedAt.toISOString(),
      created_by: tenant.user.id,
      last_modified_by: tenant.user.id,
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Writing it: one statement per batch, the rows as one JSON parameter.

const cardColumns = `tenant_id uuid, id uuid, team_id uuid, number int, work_item_prefix text, type text,
  template_id text, template_name text, title text, description text, participant_id text, assignee_id uuid,
  status text, state text, ndis_status text, workflow_state_id text, priority text, category text,
  due_date date, tags text[], field_values jsonb, completed_requirements jsonb, compliance jsonb,
  field_versions jsonb, search_text text, created_at timestamptz, updated_at timestamptz, created_by uuid,
  last_modified_by uuid`;
const cardColumnNames = cardColumns
  .split(',')
  .map((c) => c.trim().split(/\s+/)[0])
  .join(', ');

async function generate(db, options, rules) {
  const started = performance.now();
  const templatesById = new Map(rules.builtInTemplates.map((t) => [t.id, t]));
  const [model] = await db.query(
    `select t.id, t.settings, t.profile, t.features, t.subscription, t.audit_config, t.billing_config,
            (select workflow_states from teams where tenant_id = t.id order by created_at limit 1) as workflow_states
       from tenants t where t.name = 'Sunrise Support Network'`,
  );
  if (!model) throw new Error('the demo seed has no Sunrise Support Network to copy settings from');
  const workflowStates =
    typeof model.workflow_states === 'string' ? JSON.parse(model.workflow_states) : model.workflow_states;
  const firstState = [...workflowStates].sort((a, b) => a.order - b.order)[0]?.id ?? null;

  const tenants = buildTenants(options.tenants, rules);
  const json = (value) => JSON.stringify(value);
  await db.query(
    `insert into tenants (id, slug, name, prefix, settings, profile, features, subscription, audit_config, billing_config)
     select r.id, r.slug, r.name, r.prefix, m.settings - 'customDomain', m.profile, m.features, m.subscription,
            m.audit_config, m.billing_config
       from jsonb_to_recordset($1::jsonb) as r(id uuid, slug text, name text, prefix text)
       cross join (select * from tenants where id = $2) m`,
    [json(tenants.map(({ id, slug, name, prefix }) => ({ id, slug, name, prefix }))), model.id],
  );
  await db.query(
    `insert into users (id, email, name, verified_at)
     select r.id, r.email, r.name, now() from jsonb_to_recordset($1::jsonb) as r(id uuid, email text, name text)`,
    [json(tenants.map((t) => t.user))],
  );
  await db.query(
    `insert into memberships (tenant_id, user_id, role)
     select r.tenant_id, r.user_id, 'member' from jsonb_to_recordset($1::jsonb) as r(tenant_id uuid, user_id uuid)`,
    [json(tenants.map((t) => ({ tenant_id: t.id, user_id: t.user.id })))],
  );
  await db.query(
    `insert into teams (tenant_id, id, slug, name, participant, workflow_states)
     select r.tenant_id, r.id, r.slug, r.name, r.participant, $2::jsonb
       from jsonb_to_recordset($1::jsonb) as r(tenant_id uuid, id uuid, slug text, name text, participant jsonb)`,
    [
      json(
        tenants.map((t) => ({
          tenant_id: t.id,
          id: t.team.id,
          slug: t.team.slug,
          name: t.team.name,
          participant: t.team.participant,
        })),
      ),
      json(workflowStates),
    ],
  );
  await db.query(
    `insert into team_members (tenant_id, team_id, user_id, role)
     select r.tenant_id, r.team_id, r.user_id, 'Practitioner'
       from jsonb_to_recordset($1::jsonb) as r(tenant_id uuid, team_id uuid, user_id uuid)`,
    [json(tenants.map((t) => ({ tenant_id: t.id, team_id: t.team.id, user_id: t.user.id })))],
  );

  // The trigram index is built once after the load: far faster than growing it row by row.
  const [searchIndex] = await db.query(
    `select indexdef from pg_indexes where tablename = 'cards' and indexname = 'cards_search_idx'`,
  );
  if (searchIndex) await db.query('drop index cards_search_idx');

  const perTenant = Math.floor(options.cards / options.tenants);
  let written = 0;
  const batch = [];
  const flush = async () => {
    if (!batch.length) return;
    await db.query(
      `insert into cards (${cardColumnNames}, version)
       select ${cardColumnNames}, 1 from jsonb_to_recordset($1::jsonb) as r(${cardColumns})`,
      [json(batch)],
    );
    written += batch.length;
    batch.length = 0;
  };
  // The save load's cards: editable incident reports of the tenants the load signs in to.
  const saveCards = [];
  const savesPerTenant = Math.ceil(options.patchCards / options.users);
  for (const [i, tenant] of tenants.entries()) {
    const count = perTenant + (i < options.cards - perTenant * options.tenants ? 1 : 0);
    tenant.cardCount = count;
    let mine = 0;
    for (const row of buildCards(tenant, count, {
      rules,
      templatesById,
      workflowStateId: firstState,
      seed: 1000 + i,
    })) {
      const isEditableIncident =
        row.template_id === 'incident-report' && (row.status === 'draft' || row.status === 'in-progress');
      if (
        i < options.users &&
        isEditableIncident &&
        mine < savesPerTenant &&
        saveCards.length < options.patchCards
      ) {
        saveCards.push({ id: row.id, tenantId: tenant.id, version: 1 });
        mine++;
      }
      batch.push(row);
      if (batch.length === 1000) await flush();
    }
    await flush();
    if ((i + 1) % 10 === 0 || i + 1 === tenants.length) note(`cards: ${written} of ${options.cards} written`);
  }
  await db.query(
    `insert into tenant_counters (tenant_id, name, value)
     select r.tenant_id, 'work-item', r.value from jsonb_to_recordset($1::jsonb) as r(tenant_id uuid, value int)`,
    [json(tenants.map((t) => ({ tenant_id: t.id, value: t.cardCount })))],
  );
  note('audit: one created entry per card');
  await db.query(
    `insert into audit_log (tenant_id, id, entity, entity_id, action, actor_id, actor_name, changes, metadata, at)
     select c.tenant_id, gen_random_uuid(), 'card', c.id::text, 'created', c.created_by, u.name,
            jsonb_build_array(jsonb_build_object('field', 'title', 'oldValue', null, 'newValue', c.title)),
            jsonb_build_object('workItemId', c.work_item_prefix || '-' || lpad(c.number::text, 5, '0'),
                               'teamId', c.team_id, 'templateId', c.template_id, 'version', 1),
            c.created_at
       from cards c join users u on u.id = c.created_by
      where c.tenant_id = any($1::uuid[])`,
    [tenants.map((t) => t.id)],
  );
  if (searchIndex) {
    note('search index: building');
    await db.query(searchIndex.indexdef);
  }
  await db.query('analyze');
  return { tenants, saveCards, seconds: (performance.now() - started) / 1000 };
}

/** A direct connection to the benchmark database: PGlite in this process, or Postgres as the admin. */
async function openDirect(kind, dataDir, postgresUrl) {
  if (kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    return {
      query: async (text, params) => (await client.query(text, params)).rows,
      close: () => client.close(),
    };
  }
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  return {
    query: async (text, params) => (await client.query(text, params)).rows,
    close: () => client.end(),
  };
}

// ---------------------------------------------------------------------------------------------
// Load.

async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/auth/demo/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (res.status !== 200)
    throw new Error(`demo sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  const cookies = Object.fromEntries(
    res.headers.getSetCookie().map((c) => {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
  if (!cookies.wattle_session || !cookies.wattle_csrf) throw new Error('demo sign-in set no session cookies');
  return {
    cookie: `wattle_session=${cookies.wattle_session}; wattle_csrf=${cookies.wattle_csrf}`,
    csrf: cookies.wattle_csrf,
  };
}

async function api(baseUrl, session, method, pathName, body) {
  const res = await fetch(`${baseUrl}${pathName}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-tenant-id': session.tenantId,
      ...(body ? { 'content-type': 'application/json', 'x-csrf-token': session.csrf } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // reported below
  }
  if (res.status !== 200 || json?.success !== true) {
    throw new Error(`${method} ${pathName} answered ${res.status}: ${text.slice(0, 300)}`);
  }
  return { json, bytes: Buffer.byteLength(text) };
}

/**
 * Warm-up, then the median (by throughput) of --repeat measured runs. `afterRun` runs after each load
 * (the save load re-reads the cards whose last answer autocannon dropped when its time ran out).
 */
async function measure(label, options, server, makeRequests, afterRun = async () => {}) {
  const load = { url: server.baseUrl, connections: options.connections };
  if (options.warmup > 0) {
    assertClean(
      `${label} warm-up`,
      await runLoad({ ...load, requests: makeRequests(), durationSeconds: options.warmup, record: false }),
    );
    await afterRun();
  }
  const runs = [];
  for (let i = 0; i < options.repeat; i++) {
    const quiet = await waitForQuietMachine({
      quietWait: options.quietWait,
      ownPids: [process.pid, server.pid],
      note,
    });
    const run = await runLoad({ ...load, requests: makeRequests(), durationSeconds: options.duration });
    if (server.hasExited)
      throw new Error(`the server exited during the measurement (${describeExit(server.exitInfo)})`);
    assertClean(label, run);
    await afterRun();
    run.backgroundBeforePercent = quiet?.busyPercent ?? null;
    note(
      `${label} run ${i + 1}: ${run.requestsPerSecond.toFixed(0)} req/s, p50 ${formatMs(run.latencyMs.p50)} ms, p95 ${formatMs(run.latencyMs.p95)} ms`,
    );
    runs.push(run);
  }
  return { ...medianByThroughput(runs), runs };
}

async function launch(options, env, logPath, cleanups) {
  const { server } = await launchServer({
    entry: options.serverEntry,
    env,
    logPath,
    cleanups,
    note,
    healthyTimeoutMs: 180_000,
  });
  return server;
}

async function benchOne(kind, options, rules, cleanups) {
  // With --keep (or after a failure) the Postgres database is kept too, to look at the generated data.
  const { dataDir, logPath, env, postgres } = await scratchData(kind, {
    prefix: 'wattle-bench-cards',
    options,
    cleanups,
    keepDatabase: true,
  });
  const result = { db: kind };
  try {
    note(`${kind}: migrating and seeding through the server`);
    const first = await launch(options, env, logPath, cleanups);
    await stopCleanly(kind, first);

    note(`${kind}: writing ${options.cards} cards over ${options.tenants} tenants`);
    const direct = await openDirect(kind, dataDir, postgres?.url);
    let generated;
    try {
      generated = await generate(direct, options, rules);
      const [counts] = await direct.query(
        `select (select count(*) from cards)::int as cards, (select count(*) from tenants)::int as tenants,
                (select count(*) from audit_log)::int as audit, pg_database_size(current_database())::bigint as bytes`,
      );
      result.data = { ...counts, bytes: Number(counts.bytes), generateSeconds: generated.seconds };
    } finally {
      await direct.close();
    }
    note(
      `${kind}: ${result.data.cards} cards in ${result.data.tenants} tenants, ${(result.data.bytes / 1e6).toFixed(0)} MB, written in ${generated.seconds.toFixed(0)} s`,
    );
    if (postgres) result.postgres = await describePostgres(postgres.url);

    const server = await launch(options, env, logPath, cleanups);
    const sampled = generated.tenants.slice(0, options.users);
    const sessions = [];
    for (const tenant of sampled) {
      const session = await signIn(server.baseUrl, tenant.user.email);
      sessions.push({ ...session, tenantId: tenant.id, teamId: tenant.team.id });
    }

    // One checked answer of each route: a wrong answer would make every figure meaningless.
    const listPath = (s) => `/api/cards?teamId=${s.teamId}&limit=50`;
    const first0 = sessions[0];
    const list = await api(server.baseUrl, first0, 'GET', listPath(first0));
    if (
      list.json.data.length !== Math.min(50, sampled[0].cardCount) ||
      list.json.meta.total !== sampled[0].cardCount
    ) {
      throw new Error(
        `GET ${listPath(first0)} gave ${list.json.data.length} cards of ${list.json.meta.total}`,
      );
    }
    result.listBytes = list.bytes;

    const pool = generated.saveCards;
    if (pool.length < options.connections * 2) {
      throw new Error(
        `only ${pool.length} editable incident reports for the save load; raise --cards or --users`,
      );
    }
    const sessionOf = new Map(sessions.map((s) => [s.tenantId, s]));
    const versions = new Map(pool.map((c) => [c.id, c.version]));
    const saved = await api(
      server.baseUrl,
      sessionOf.get(pool[0].tenantId),
      'PATCH',
      `/api/cards/${pool[0].id}`,
      {
        version: pool[0].version,
        fieldValues: {
          'incident-description':
            '<p>Checked before the load: the participant settled after ten minutes.</p>',
        },
      },
    );
    versions.set(pool[0].id, saved.json.data.version);
    result.patchCards = pool.length;

    result.list = await measure(`${kind} GET /api/cards (50)`, options, server, () => {
      let next = 0;
      return [
        {
          method: 'GET',
          setupRequest: (req) => {
            const s = sessions[next++ % sessions.length];
            return { ...req, path: listPath(s), headers: { cookie: s.cookie, 'x-tenant-id': s.tenantId } };
          },
        },
      ];
    });

    let edit = 0;
    // Saves autocannon sent (or built) but whose answer it dropped when the time ran out: their
    // cards' versions are read again before the next run, so no save goes out with a stale version.
    const unanswered = new Set();
    const rereadUnanswered = async () => {
      // A dropped save may still be running on the server: let it commit before reading the version.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const id of unanswered) {
        const card = pool.find((c) => c.id === id);
        const current = await api(server.baseUrl, sessionOf.get(card.tenantId), 'GET', `/api/cards/${id}`);
        versions.set(id, current.json.data.version);
      }
      unanswered.clear();
    };
    result.save = await measure(
      `${kind} PATCH /api/cards/:id`,
      options,
      server,
      () => {
        let next = 0;
        return [
          {
            method: 'PATCH',
            setupRequest: (req, context) => {
              const card = pool[next++ % pool.length];
              const s = sessionOf.get(card.tenantId);
              context.cardId = card.id;
              unanswered.add(card.id);
              edit++;
              return {
                ...req,
                path: `/api/cards/${card.id}`,
                headers: {
                  cookie: s.cookie,
                  'x-tenant-id': s.tenantId,
                  'x-csrf-token': s.csrf,
                  'content-type': 'application/json',
                },
                body: JSON.stringify({
                  version: versions.get(card.id),
                  fieldValues: {
                    'incident-description': `<p>Update ${edit}: ${sentences[edit % sentences.length]}</p><p>${sentences[(edit + 3) % sentences.length]}</p>`,
                  },
                }),
              };
            },
            onResponse: (status, body, context) => {
              unanswered.delete(context.cardId);
              if (status === 200) versions.set(context.cardId, JSON.parse(body).data.version);
            },
          },
        ];
      },
      rereadUnanswered,
    );
    result.shutdown = await stopCleanly(kind, server);
  } catch (error) {
    error.message += `\n--- last lines of ${logPath} ---\n${tail(logPath)}`;
    options.keep = true;
    throw error;
  }
  return result;
}

function report(results, options) {
  print();
  print(
    `Wattle cards benchmark, ${new Date().toISOString()}: ${options.cards} cards over ${options.tenants} tenants; ` +
      `${options.connections} connections over ${options.users} tenants, ${options.duration} s per run after ` +
      `${options.warmup} s warm-up, median of ${options.repeat}; ${describeHost()}`,
  );
  print();
  const rows = results.flatMap((r) =>
    [
      ['GET /api/cards?teamId=…&limit=50', r.list],
      [`PATCH /api/cards/{id} (${r.patchCards} cards)`, r.save],
    ].map(([route, run]) => [
      r.db,
      route,
      run.requestsPerSecond.toFixed(0),
      formatMs(run.latencyMs.p50),
      formatMs(run.latencyMs.p95),
      formatMs(run.latencyMs.p99),
      formatMs(run.latencyMs.max),
      run.requests,
    ]),
  );
  print(renderTable(['db', 'route', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests'], rows));
  print();
  for (const r of results) {
    print(
      `${r.db}: ${r.data.cards} cards, ${r.data.audit} audit entries, database ${(r.data.bytes / 1e6).toFixed(0)} MB, ` +
        `written in ${r.data.generateSeconds.toFixed(0)} s; a list of 50 is ${(r.listBytes / 1024).toFixed(0)} KB of JSON`,
    );
  }
  const verdicts = results
    .filter((r) => r.db === 'postgres')
    .flatMap((r) => [
      {
        target: `postgres list of 50 p95 < ${targets.listP95Ms} ms`,
        met: r.list.latencyMs.p95 < targets.listP95Ms,
      },
      {
        target: `postgres save p95 < ${targets.saveP95Ms} ms`,
        met: r.save.latencyMs.p95 < targets.saveP95Ms,
      },
    ]);
  if (verdicts.length) print();
  for (const v of verdicts) print(`${v.met ? 'MET   ' : 'MISSED'}  ${v.target}`);
  return verdicts;
}

async function main() {
  const options = parseOptions();
  if (!existsSync(options.serverEntry)) {
    throw new Error(
      `${options.serverEntry} does not exist. This script builds nothing: run \`npm run build -w apps/server\` first.`,
    );
  }
  const cleanups = createCleanups(note);
  const { rules, dispose } = await loadServerRules();
  cleanups.push(dispose);
  const results = [];
  try {
    for (const kind of options.dbs) results.push(await benchOne(kind, options, rules, cleanups));
  } finally {
    await cleanups.run();
  }
  const verdicts = report(results, options);
  if (options.json) writeJsonResults(options.json, { options, results, verdicts });
  if (options.checkTargets && verdicts.some((v) => !v.met)) process.exitCode = 2;
}

main().catch((error) => {
  console.error(`bench-cards: ${error.message}`);
  process.exit(1);
});
