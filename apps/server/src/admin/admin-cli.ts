import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type TenantFeature, tenantFeatures } from '@wattle/domain/tenants/features';
import type { Subscription } from '@wattle/domain/tenants/schemas';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import {
  AdminCommandError,
  createTenant,
  listTenants,
  type Plan,
  type PlatformRole,
  plans,
  setFeature,
  setPlan,
  setPlatformRole,
} from './admin-commands';

/**
 * `npm run admin -- <command>`: the operator's commands for running Wattle outside demo mode (README,
 * "Running it for real"). They use the server's configuration (DATABASE_URL, or DATA_DIR for PGlite,
 * which only one process may open: stop the server first).
 */
const usage = `usage: npm run admin -- <command>

  platform-role <email> <global-admin|system-admin|none> [--name "Full Name"]
      Give or take away a platform role. A person who has not signed in yet is created (--name).
  create-tenant --name "Organisation" --owner <email> [--owner-name "Full Name"] [--plan ${plans.join('|')}]
      Create an organisation with its first owner (on a 14-day trial unless --plan is given).
  set-plan <tenant id or slug> <${plans.join('|')}> [--status trialing|active|past_due|cancelled]
      Move an organisation to a plan and its limits (teams, people, storage): how a limit is raised.
  set-feature <tenant id or slug> <${tenantFeatures.join('|')}> <on|off>
      Turn one of an organisation's features on or off (each refusal of a feature that is off names it).
  list-tenants
      Every organisation with its plan, people and teams, and any features turned off.`;

const statuses = ['trialing', 'active', 'past_due', 'cancelled'] as const;

/** A line of the command's answer, on standard output. */
function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      owner: { type: 'string' },
      'owner-name': { type: 'string' },
      plan: { type: 'string' },
      status: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...args] = positionals;
  if (!command || values.help) {
    say(usage);
    return command || values.help ? 0 : 2;
  }
  const plan = (value: string | undefined): Plan | undefined => {
    if (value === undefined) return undefined;
    if (!(plans as string[]).includes(value))
      throw new AdminCommandError(`The plan must be one of ${plans.join(', ')}`);
    return value as Plan;
  };

  const config = loadConfig();
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    // A new database is migrated first, as the server would (no demo data).
    await runMigrations(database);
    switch (command) {
      case 'platform-role': {
        const [email, role] = args;
        if (!email || !role || !['global-admin', 'system-admin', 'none'].includes(role)) {
          throw new AdminCommandError('usage: platform-role <email> <global-admin|system-admin|none>');
        }
        const done = await setPlatformRole(database.db, {
          email,
          role: role === 'none' ? null : (role as PlatformRole),
          name: values.name,
        });
        say(
          `${done.name} <${done.email}>${done.created ? ' (created)' : ''}: platform role ${done.before ?? 'none'} → ${done.role ?? 'none'}`,
        );
        return 0;
      }
      case 'create-tenant': {
        if (!values.name || !values.owner)
          throw new AdminCommandError('usage: create-tenant --name "…" --owner <email>');
        const made = await createTenant(database.db, {
          name: values.name,
          ownerEmail: values.owner,
          ownerName: values['owner-name'],
          plan: plan(values.plan),
        });
        say(
          `Created ${values.name} (${made.slug}, ${made.tenantId}) on the ${made.plan} plan, owned by ${made.ownerEmail}`,
        );
        return 0;
      }
      case 'set-plan': {
        const [tenant, planName] = args;
        const status = values.status;
        if (!tenant || !planName) throw new AdminCommandError('usage: set-plan <tenant id or slug> <plan>');
        if (status !== undefined && !(statuses as readonly string[]).includes(status)) {
          throw new AdminCommandError(`The status must be one of ${statuses.join(', ')}`);
        }
        const done = await setPlan(database.db, {
          tenant,
          plan: plan(planName)!,
          status: status as Subscription['status'] | undefined,
        });
        const { maxTeams, maxUsers, storageGB } = done.limits;
        const limit = (n: number) => (n < 0 ? 'unlimited' : String(n));
        say(
          `${done.name}: ${done.plan} (${done.status}); teams ${limit(maxTeams)}, people ${limit(maxUsers)}, storage ${limit(storageGB)} GB`,
        );
        return 0;
      }
      case 'set-feature': {
        const [tenant, feature, state] = args;
        if (!tenant || !feature || !state || !['on', 'off'].includes(state)) {
          throw new AdminCommandError('usage: set-feature <tenant id or slug> <feature> <on|off>');
        }
        if (!(tenantFeatures as readonly string[]).includes(feature)) {
          throw new AdminCommandError(`The feature must be one of ${tenantFeatures.join(', ')}`);
        }
        const done = await setFeature(database.db, {
          tenant,
          feature: feature as TenantFeature,
          isOn: state === 'on',
        });
        say(`${done.name}: ${done.feature} ${done.isOn ? 'on' : 'off'}`);
        return 0;
      }
      case 'list-tenants': {
        for (const t of await listTenants(database.db)) {
          const { maxTeams, maxUsers } = t.limits;
          const of = (n: number) => (n < 0 ? '' : ` of ${n}`);
          say(
            `${t.id}  ${t.slug}  ${t.name}: ${t.plan} (${t.status}), ${t.people}${of(maxUsers)} people, ${t.teams}${of(maxTeams)} teams${t.featuresOff.length ? `; turned off: ${t.featuresOff.join(', ')}` : ''}`,
          );
        }
        return 0;
      }
      default:
        console.error(`Unknown command "${command}"\n\n${usage}`);
        return 2;
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminCommandError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
