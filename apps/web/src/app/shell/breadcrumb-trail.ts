/**
 * Breadcrumbs from the path (spec shell section 2, "Breadcrumbs"): each segment gets the spec's label
 * where it gives one, a label for the app's own segments otherwise, and else its words title-cased.
 * Only segments that are pages are links; the last one is the current page.
 */

export interface Crumb {
  /** The path up to this segment; unique within a trail. */
  path: string;
  label: string;
  /** The path to link to, or null when the segment is not a page of its own (or is the current one). */
  href: string | null;
}

/** The spec's labels by path segment, plus the app's own segments whose title case would read badly. */
const segmentLabels: Record<string, string> = {
  dashboard: 'Dashboard',
  participants: 'Participants',
  timeline: 'Timeline',
  analytics: 'Analytics',
  'behavior-analytics': 'Behaviour Analytics',
  'audit-packs': 'Audit Packs',
  compliance: 'Compliance',
  settings: 'Settings',
  boards: 'Boards',
  calendars: 'Calendars',
  'work-items': 'Work Items',
  'templates-rules': 'Templates & Rules',
  'teams-config': 'Teams Configuration',
  bsp: 'Behaviour Support Plans',
  card: 'Work Items',
  admin: 'Administration',
  files: 'File Storage',
};

/** Labels of the settings pages (/settings/{segment}), as the spec names them. */
const settingsLabels: Record<string, string> = {
  user: 'User Settings',
  team: 'Team Settings',
  teams: 'Team Management',
  'team-config': 'Team Configuration',
  notifications: 'Notifications',
  appearance: 'Appearance',
  security: 'Security',
  integrations: 'Integrations',
  documentation: 'Documentation',
  global: 'Global Settings',
  tenant: 'Tenant Settings',
  system: 'System Settings',
  'tax-invoice': 'Tax Invoice Settings',
  practitioner: 'Practitioner Settings',
  templates: 'Templates',
};

/** Paths that only group pages beneath them; they are shown but not linked. */
const groupingPaths = [
  /^\/my-teams$/,
  /^\/approvals$/,
  /^\/my$/,
  /^\/card$/,
  /^\/t$/,
  /^\/t\/[^/]+$/,
  /^\/t\/[^/]+\/card$/,
  /^\/admin$/,
];

/** Whole paths shown as one crumb. */
const pathLabels: Record<string, string> = {
  '/my/invoices': 'My Invoices',
};

export function titleCase(segment: string): string {
  return segment
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface TrailContext {
  /** The name of the team with this slug or id, when known. */
  teamName?: (slugOrId: string) => string | undefined;
  /** The label of the card with this id (its work item id and title), when loaded. */
  cardLabel?: (id: string) => string | undefined;
  /** The name of the participant with this id, when loaded. */
  participantName?: (id: string) => string | undefined;
  /** The number of the invoice with this id (INV-00042), when loaded. */
  invoiceNumber?: (id: string) => string | undefined;
  /** The title of the behaviour support plan with this id, when loaded. */
  planTitle?: (id: string) => string | undefined;
}

export function breadcrumbTrail(pathname: string, context: TrailContext = {}): Crumb[] {
  const override = pathLabels[pathname.replace(/\/+$/, '')];
  if (override) return [{ path: pathname, label: override, href: null }];

  const segments = pathname.split('/').filter(Boolean).map(safeDecode);
  const crumbs: Crumb[] = [];
  segments.forEach((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const parent = segments[index - 1];
    // /t/{x}/card/{id}: the {x} is a routing detail, not a place to show.
    if (segments[0] === 't' && index <= 1) return;
    let label: string;
    if (segments[0] === 'settings' && index === 1) label = settingsLabels[segment] ?? titleCase(segment);
    else if (segments[0] === 'settings' && parent === 'user' && segment === 'rates') label = 'Rates';
    else if ((parent === 'my-teams' || parent === 'behavior-analytics') && index === 1) {
      label = context.teamName?.(segment) ?? segment;
    } else if (parent === 'card') {
      label = context.cardLabel?.(segment) ?? segment;
    } else if (parent === 'participants' && index === 1 && segment !== 'new') {
      // A participant's id says nothing to a person: their name once loaded, until then a word.
      label = context.participantName?.(segment) ?? 'Participant';
    } else if (parent === 'invoices' && index === 1) {
      // An invoice's id says nothing either: its number once loaded, until then a word.
      label = segment === 'new' ? 'New' : (context.invoiceNumber?.(segment) ?? 'Invoice');
    } else if (parent === 'bsp' && segment !== 'new') {
      // A plan's id says nothing either: its title once loaded, until then a word.
      label = context.planTitle?.(segment) ?? 'Plan';
    } else label = segmentLabels[segment] ?? titleCase(segment);
    const isLast = index === segments.length - 1;
    const isGrouping = groupingPaths.some((pattern) => pattern.test(path));
    crumbs.push({ path, label, href: isLast || isGrouping ? null : path });
  });
  return crumbs;
}
