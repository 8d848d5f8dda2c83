import type { TenantFeatures } from './schemas';

/**
 * The feature flags an organisation has (spec shell section 3: invoiceProcessing,
 * timesheetManagement, participantManagement, teamManagement, reporting, complianceTracking), what
 * each one covers, and the words of a refusal (issue 17 item 6). A flag turns a whole area on or off:
 * its pages and its API. Records other areas rely on stay as they are, and the server's own jobs keep
 * running (docs/decisions/0031-platform-settings-and-feature-flags.md).
 */
export const tenantFeatures = [
  'invoiceProcessing',
  'timesheetManagement',
  'participantManagement',
  'teamManagement',
  'reporting',
  'complianceTracking',
] as const;
export type TenantFeature = (typeof tenantFeatures)[number];

export const tenantFeatureInfo = {
  invoiceProcessing: {
    label: 'Invoice processing',
    description: 'Invoices, approvals, NDIA claims and accounting exports.',
  },
  timesheetManagement: {
    label: 'Timesheet management',
    description: 'Time entries, the timesheet, the timer and time codes.',
  },
  participantManagement: {
    label: 'Participant management',
    description: 'Participant records and their NDIS plans.',
  },
  teamManagement: {
    label: 'Team management',
    description: 'Creating care teams and changing their members, sharing, invitations and workflow.',
  },
  reporting: {
    label: 'Reporting',
    description: 'The dashboard and behaviour analytics.',
  },
  complianceTracking: {
    label: 'Compliance tracking',
    description: 'Commission deadlines and audit packs.',
  },
} as const satisfies Record<TenantFeature, { label: string; description: string }>;

/**
 * The flags as stored (a jsonb object that may predate a flag): a flag not stored is on, as every new
 * organisation starts with all of them on.
 */
export function tenantFeaturesOf(stored: Record<string, unknown> | null | undefined): TenantFeatures {
  return Object.fromEntries(
    tenantFeatures.map((feature) => [feature, stored?.[feature] !== false]),
  ) as TenantFeatures;
}

interface ApiArea {
  feature: TenantFeature;
  /** Route paths as the server declares them (`/api/teams/:id/members`); a path covers those below it. */
  path: string;
  /** Only these methods; every method when absent. */
  methods?: readonly string[];
  /** This path only, not those below it. */
  isExact?: boolean;
}

/**
 * Which API routes each flag covers. Reading teams stays open whatever the flags (every page needs
 * its teams); team management covers changing them.
 */
const apiAreas: readonly ApiArea[] = [
  { feature: 'invoiceProcessing', path: '/api/invoices' },
  { feature: 'invoiceProcessing', path: '/api/claims' },
  { feature: 'timesheetManagement', path: '/api/time-entries' },
  { feature: 'timesheetManagement', path: '/api/timesheet' },
  { feature: 'timesheetManagement', path: '/api/timer' },
  { feature: 'timesheetManagement', path: '/api/time-codes' },
  { feature: 'participantManagement', path: '/api/participants' },
  { feature: 'teamManagement', path: '/api/care-teams' },
  { feature: 'teamManagement', path: '/api/teams', methods: ['POST'], isExact: true },
  { feature: 'teamManagement', path: '/api/teams/:id', methods: ['PATCH'], isExact: true },
  { feature: 'teamManagement', path: '/api/teams/:id/members' },
  { feature: 'teamManagement', path: '/api/teams/:id/shares' },
  { feature: 'teamManagement', path: '/api/teams/:id/invitations' },
  { feature: 'teamManagement', path: '/api/teams/:id/workflow-states' },
  { feature: 'teamManagement', path: '/api/invitations', methods: ['GET', 'POST', 'DELETE'] },
  { feature: 'reporting', path: '/api/dashboard' },
  { feature: 'reporting', path: '/api/behaviour-analytics' },
  { feature: 'complianceTracking', path: '/api/deadlines' },
  { feature: 'complianceTracking', path: '/api/audit-packs' },
];

/** Sign-in links to invitations stay open: accepting one is the invited person's, not the team's. */
const openApiPaths = ['/api/invitations/link', '/api/invitations/accept'];

function covers(areaPath: string, path: string): boolean {
  return path === areaPath || path.startsWith(`${areaPath}/`) || path.startsWith(`${areaPath}.`);
}

/** The flag an API route (method and declared path) belongs to, or null when no flag covers it. */
export function featureOfApiRoute(method: string, routePath: string): TenantFeature | null {
  if (openApiPaths.some((open) => covers(open, routePath))) return null;
  const area = apiAreas.find(
    (candidate) =>
      (candidate.isExact ? candidate.path === routePath : covers(candidate.path, routePath)) &&
      (!candidate.methods || candidate.methods.includes(method.toUpperCase())),
  );
  return area?.feature ?? null;
}

/** The web app's pages each flag covers (spec shell section 2 routes). */
const webAreas: readonly { feature: TenantFeature; path: string }[] = [
  { feature: 'invoiceProcessing', path: '/invoices' },
  { feature: 'invoiceProcessing', path: '/approvals/invoices' },
  { feature: 'invoiceProcessing', path: '/my/invoices' },
  { feature: 'invoiceProcessing', path: '/finance-tax-invoices' },
  { feature: 'timesheetManagement', path: '/timesheet' },
  { feature: 'timesheetManagement', path: '/settings/user/rates' },
  { feature: 'participantManagement', path: '/participants' },
  { feature: 'teamManagement', path: '/teams-config' },
  { feature: 'teamManagement', path: '/settings/teams' },
  { feature: 'teamManagement', path: '/settings/team-config' },
  { feature: 'reporting', path: '/dashboard' },
  { feature: 'reporting', path: '/behavior-analytics' },
  { feature: 'complianceTracking', path: '/audit-packs' },
];

/** The flag a page of the web app belongs to, or null when no flag covers it. */
export function featureOfWebPath(pathname: string): TenantFeature | null {
  return webAreas.find((area) => covers(area.path, pathname))?.feature ?? null;
}

/** The admin command that turns a flag on (README, "Running it for real"). */
export function setFeatureCommand(tenantSlug: string, feature: TenantFeature): string {
  return `npm run admin -- set-feature ${tenantSlug} ${feature} on`;
}

/** The refusal when a flag is off: which feature, and how to turn it on. */
export function featureOffMessage(feature: TenantFeature, tenantSlug: string): string {
  const { label } = tenantFeatureInfo[feature];
  return `${label} is turned off for your organisation. To turn it on, ask a Wattle global admin (Settings → Global Settings), or whoever runs your Wattle server to run: ${setFeatureCommand(tenantSlug, feature)}`;
}
