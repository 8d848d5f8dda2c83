// The data the card benchmarks (bench-cards.mjs, bench-search.mjs) run on, and how they get it: the
// options that size it, the server's own rules bundled from the TypeScript sources, a deterministic
// generator of tenants and cards written straight into a freshly migrated database, the sign-in and
// API helpers, and the run of a benchmark over each database.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { createCleanups, describeHost, launchServer, stopCleanly } from './bench.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The parseArgs options that size the generated data and the signed-in users. */
export const dataArgs = {
  cards: { type: 'string', default: '100000' },
  tenants: { type: 'string', default: '100' },
  users: { type: 'string', default: '20' },
};

/** The values of dataArgs, checked: at least one card per tenant, no more users than tenants. */
export function dataOptions(number) {
  const cards = number('cards', 1, 5_000_000);
  const tenants = number('tenants', 1, 10_000);
  const users = Math.min(number('users', 1, 50), tenants);
  if (cards < tenants) throw new Error('--cards must be at least --tenants (one team each)');
  return { cards, tenants, users };
}

/** "100000 cards over 100 tenants; 10 connections over 20 tenants, …": a report's first line after its title. */
export function describeDataRun(options) {
  const big = options.bigTenant ? `one tenant of ${options.bigTenant} cards and ` : '';
  return (
    `${big}${options.cards} cards over ${options.tenants - (options.bigTenant ? 1 : 0)} tenants; ` +
    `${options.connections} connections over ${options.users} tenants, ${options.duration} s per run after ` +
    `${options.warmup} s warm-up, median of ${options.repeat}; ${describeHost()}`
  );
}

/** Starts the built server on the scratch data; migrating a large data set can take minutes. */
export async function launchOnData({ options, env, logPath, cleanups, note }) {
  const { server } = await launchServer({
    entry: options.serverEntry,
    env,
    // Extra node flags for the server, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
    // to profile what a bench measures (node refuses --cpu-prof in NODE_OPTIONS).
    nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    logPath,
    cleanups,
    note,
    healthyTimeoutMs: 180_000,
  });
  return server;
}

/**
 * Fills the scratch database: the built server migrates and seeds it, then stops; the generated
 * tenants and cards are written through a direct connection, which `inspect(direct, generated)`
 * may query before it closes. Returns the generator's answer and what `inspect` returned.
 */
export async function fillDatabase(kind, { scratch, options, rules, cleanups, note, inspect }) {
  const { dataDir, logPath, env, postgres } = scratch;
  note(`${kind}: migrating and seeding through the server`);
  const first = await launchOnData({ options, env, logPath, cleanups, note });
  await stopCleanly(kind, first);

  const big = options.bigTenant ? `${options.bigTenant} cards of one big tenant and ` : '';
  const sharing = options.tenants - (options.bigTenant ? 1 : 0);
  note(`${kind}: writing ${big}${options.cards} cards over ${sharing} tenants`);
  const direct = await openDirect(kind, dataDir, postgres?.url);
  try {
    const generated = await generate(direct, options, rules, note);
    return { generated, inspected: await inspect(direct, generated) };
  } finally {
    await direct.close();
  }
}

/**
 * The benchmark over each database of --db: `benchOne(kind, rules, cleanups)` per database, the
 * server's rules bundled once, every clean-up run at the end (or on Ctrl+C). Returns the results.
 */
export async function runOverDatabases(options, note, benchOne) {
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
    for (const kind of options.dbs) results.push(await benchOne(kind, rules, cleanups));
  } finally {
    await cleanups.run();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// The server's own rules, bundled from the TypeScript sources so generated cards are exactly what the
// API would have stored.

export async function loadServerRules() {
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
        export { signedValuesHash } from './packages/domain/src/templates/signatures.ts';
        export { defaultCardType, defaultCategory } from './packages/domain/src/templates/template-choice.ts';
        export { formatWorkItemId, tenantPrefix } from './packages/domain/src/cards/work-item-id.ts';
        export { buildSearchText, searchTextVersion, todayIn } from './apps/server/src/features/cards/card-values.ts';
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
export const givenNames = [
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
export const familyNames = [
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
export const taskTitles = [
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
export const incidentTitles = [
  'Incident at the shopping centre',
  'Incident on the bus to day program',
  'Incident during the swimming lesson',
  'Incident at the respite house',
  'Incident in the kitchen at home',
  'Incident at the medical appointment',
  'Incident during the community outing',
  'Incident at school pick-up',
];
export const sentences = [
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
          id: uuidv7(),
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
      // Signatures as the server records them (decision 0021): the bench user, a Practitioner on
      // the team, signing the values as generated.
      const valuesHash = rules.signedValuesHash(template, fieldValues);
      for (const field of template.fields) {
        const signature = fieldValues[field.id];
        if (field.type !== 'signature' || !signature) continue;
        const recordedBy = { userId: tenant.user.id, name: tenant.user.name, role: 'Practitioner' };
        fieldValues[field.id] = { ...signature, recordedBy, valuesHash };
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
        // The generated tenants keep the default time zone, as the server would read it.
        createdDate: rules.todayIn('Australia/Sydney', createdAt),
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

/**
 * Fills a tenant whose first `generated` cards are written up to `count` cards with copies of them,
 * in one statement (generate_series): copy k of card n is card n + k × generated, with its own id,
 * work item id (the search text's first word, as buildSearchText writes it), and
 * its times and due date moved k × (365 / copies) days back, so that the copies spread over the
 * year as the generated cards do instead of tying with their originals. The rest of a copy's text (dates in it
 * included) is its original's. Returns the number of cards written.
 */
async function copyCards(db, tenantId, generated, count) {
  const copies = Math.ceil(count / generated) - 1;
  const workItemId = (number) =>
    `lower(c.work_item_prefix || '-' || case when ${number} < 100000 then lpad((${number})::text, 5, '0') else (${number})::text end)`;
  const shift = `(k * ${365 / copies}) * interval '1 day'`;
  const columns = cardColumnNames.split(', ');
  const values = columns.map((column) => {
    if (column === 'id') return 'gen_random_uuid()';
    if (column === 'number') return 'c.number + k * $2';
    if (column === 'search_text')
      return `${workItemId('c.number + k * $2')} || substr(c.search_text, length(${workItemId('c.number')}) + 1)`;
    if (column === 'created_at' || column === 'updated_at') return `c.${column} - ${shift}`;
    if (column === 'due_date') return `c.due_date - (k * ${365 / copies})::int`;
    return `c.${column}`;
  });
  const [row] = await db.query(
    `with copied as (
       insert into cards (${cardColumnNames}, version)
       select ${values.join(', ')}, 1
         from cards c cross join generate_series(1, $3::int) as k
        where c.tenant_id = $1 and c.number <= $2 and c.number + k * $2 <= $4
       returning 1)
     select count(*)::int as n from copied`,
    [tenantId, generated, copies, count],
  );
  return row.n;
}

/**
 * Adds --tenants tenants (one team and one member each) and --cards cards to the database, plus
 * `options.patchCards` editable incident reports set aside for a save load; `note` reports progress.
 * With `options.bigTenant` (bench-search's --big-tenant), the first tenant has that many cards of
 * its own and the other tenants share --cards.
 */
export async function generate(db, options, rules, note) {
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
  // The format of the search text written below, so that the server does not rebuild it at start;
  // a server from before migration 0010 (--server) has no such column.
  const [hasVersion] = await db.query(
    `select 1 from information_schema.columns where table_name = 'tenants' and column_name = 'search_text_version'`,
  );
  const version = hasVersion
    ? { column: ', search_text_version', value: `, ${Number(rules.searchTextVersion)}` }
    : { column: '', value: '' };
  await db.query(
    `insert into tenants (id, slug, name, prefix, settings, profile, features, subscription, audit_config, billing_config
                          ${version.column})
     select r.id, r.slug, r.name, r.prefix, m.settings - 'customDomain', m.profile, m.features, m.subscription,
            m.audit_config, m.billing_config ${version.value}
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
    `insert into teams (tenant_id, id, slug, name, workflow_states)
     select r.tenant_id, r.id, r.slug, r.name, $2::jsonb
       from jsonb_to_recordset($1::jsonb) as r(tenant_id uuid, id uuid, slug text, name text)`,
    [
      json(tenants.map((t) => ({ tenant_id: t.id, id: t.team.id, slug: t.team.slug, name: t.team.name }))),
      json(workflowStates),
    ],
  );
  // Each team centres on its participant, whose record names the team (migration 0012).
  await db.query(
    `insert into participants (tenant_id, id, name, ndis_number, date_of_birth, goals, alerts, status, team_id)
     select r.tenant_id, r.id, r.name, r.ndis_number, r.date_of_birth, r.goals, r.alerts, 'active', r.team_id
       from jsonb_to_recordset($1::jsonb)
         as r(tenant_id uuid, id uuid, name text, ndis_number text, date_of_birth date, goals jsonb, alerts jsonb, team_id uuid)`,
    [
      json(
        tenants.map((t) => ({
          tenant_id: t.id,
          id: t.team.participant.id,
          name: t.team.participant.name,
          ndis_number: t.team.participant.ndisNumber,
          date_of_birth: t.team.participant.dateOfBirth,
          goals: t.team.participant.goals,
          alerts: t.team.participant.alerts,
          team_id: t.team.id,
        })),
      ),
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

  // The open cards' due-date tallies (migration 0026) are kept by a row trigger, which updates one
  // tally row per card: a million inserts into a few hundred due dates make each update walk a
  // longer chain of the row's versions. They are counted once after the load instead.
  const [hasTallies] = await db.query(
    `select 1 from pg_trigger where tgname = 'cards_due_tally_insert' and tgrelid = 'cards'::regclass`,
  );
  if (hasTallies) await db.query('alter table cards disable trigger cards_due_tally_insert');

  // The words of each card and each tenant's vocabulary (migration 0040): built once after the load
  // too, as the trigram index. The vocabulary's trigger is off meanwhile and the loaded tenants'
  // words are written after it in one statement; nothing else writes cards during the load, so the
  // vocabulary still holds every word of every card when search runs.
  const wordIndexes = await db.query(
    `select indexname, indexdef from pg_indexes
      where indexname in ('cards_words_idx', 'card_search_words_trgm_idx') order by indexname`,
  );
  for (const index of wordIndexes) await db.query(`drop index ${index.indexname}`);
  const [hasWords] = await db.query(
    `select 1 from pg_trigger where tgname = 'cards_search_words_insert' and tgrelid = 'cards'::regclass`,
  );
  if (hasWords) await db.query('alter table cards disable trigger cards_search_words_insert');

  const bigTenant = options.bigTenant ?? 0;
  const sharing = bigTenant ? options.tenants - 1 : options.tenants;
  const perTenant = sharing > 0 ? Math.floor(options.cards / sharing) : 0;
  const cardsOf = (i) => {
    if (bigTenant)
      return i === 0 ? bigTenant : perTenant + (i - 1 < options.cards - perTenant * sharing ? 1 : 0);
    return perTenant + (i < options.cards - perTenant * sharing ? 1 : 0);
  };
  const total = tenants.reduce((sum, _, i) => sum + cardsOf(i), 0);
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
  // At most this many cards a tenant are generated here; the rest are copies made in SQL
  // (copyCards): a million cards in minutes rather than an hour of JSON.
  const generatedOf = (count) => (options.jsCards ? Math.min(count, options.jsCards) : count);
  for (const [i, tenant] of tenants.entries()) {
    const count = cardsOf(i);
    tenant.cardCount = count;
    let mine = 0;
    for (const row of buildCards(tenant, generatedOf(count), {
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
      if (batch.length === 1000) {
        await flush();
        if (written % 20_000 === 0) note(`cards: ${written} of ${total} written`);
      }
    }
    await flush();
    if (count > generatedOf(count)) written += await copyCards(db, tenant.id, generatedOf(count), count);
    if ((i + 1) % 10 === 0 || i + 1 === tenants.length) note(`cards: ${written} of ${total} written`);
  }
  await db.query(
    `insert into tenant_counters (tenant_id, name, value)
     select r.tenant_id, 'work-item', r.value from jsonb_to_recordset($1::jsonb) as r(tenant_id uuid, value int)`,
    [json(tenants.map((t) => ({ tenant_id: t.id, value: t.cardCount })))],
  );
  if (hasTallies) {
    await db.query('alter table cards enable trigger cards_due_tally_insert');
    await db.query(
      `insert into card_due_tallies (tenant_id, due_date, n)
       select tenant_id, due_date, count(*) from cards
        where tenant_id = any($1::uuid[]) and deleted_at is null and state <> 'done' and due_date is not null
        group by 1, 2
       on conflict (tenant_id, due_date) do update set n = excluded.n`,
      [tenants.map((t) => t.id)],
    );
  }
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
  if (hasWords) {
    note('search vocabulary: writing');
    await db.query('alter table cards enable trigger cards_search_words_insert');
    await db.query(
      `insert into card_search_words (tenant_id, word)
       select distinct c.tenant_id, w
         from cards c, unnest(string_to_array(regexp_replace(c.search_text, '[^ ]{200}[^ ]+', '', 'g'), ' ')) w
        where c.tenant_id = any($1::uuid[]) and w <> ''
       on conflict do nothing`,
      [tenants.map((t) => t.id)],
    );
  }
  if (wordIndexes.length) {
    note('word indexes: building');
    if (total > 200_000) await db.query(`set maintenance_work_mem = '1GB'`).catch(() => undefined);
    for (const index of wordIndexes) await db.query(index.indexdef);
  }
  if (searchIndex) {
    note('search index: building');
    // Room to sort a million cards' trigrams in memory (this session only; Postgres alone).
    if (total > 200_000) await db.query(`set maintenance_work_mem = '1GB'`).catch(() => undefined);
    await db.query(searchIndex.indexdef);
  }
  await db.query('analyze');
  return { tenants, saveCards, seconds: (performance.now() - started) / 1000 };
}

/** A direct connection to the benchmark database: PGlite in this process, or Postgres as the admin. */
export async function openDirect(kind, dataDir, postgresUrl) {
  if (kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
    const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm, btree_gin } });
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
// Talking to the server.

/** Demo sign-in of `email`: the Cookie header value and the CSRF token. */
export async function signIn(baseUrl, email) {
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

/** One API call as a signed-in member (CSRF header on writes); any answer but a 200 success throws. */
export async function api(baseUrl, session, method, pathName, body) {
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
