import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness';

/**
 * Walks every API route as someone who should get nothing: nobody, a user of another tenant with
 * this tenant's ids, a user of another tenant with this tenant's record ids under their own tenant,
 * a guest without the shared team, and a lower role. Each answer must be 401, 403 or 404 and carry
 * no data. A route added without an entry below fails the first test, so the suite grows with the API.
 */

interface Ids {
  sunrise: string;
  bluegum: string;
  jordanTeam: string;
  miaTeam: string;
  bluegumTeam: string;
  accessRequest: string;
  oliviaToken: string;
  /** The public id of one of Olivia's sessions (GET /api/me/sessions). */
  oliviaSession: string;
  invitation: string;
  oliviaFavorite: string;
  oliviaNotification: string;
  jordanCard: string;
  sunriseTemplate: string;
  /** Olivia's comment on the Jordan card. */
  jordanComment: string;
  /** Olivia's attachment on the Jordan card. */
  jordanFile: string;
  /** Sophie Support's user id: a member of Sunrise only (her staff profile). */
  sophieUser: string;
  /** Jordan Lee, the participant of Jordan's Care Team (with a current plan). */
  jordanParticipant: string;
  /** Jordan's current NDIS plan. */
  jordanNdisPlan: string;
  /** Gus Guest's user id: a guest of Sunrise with Mia's team shared. */
  gusUser: string;
  /** A Sunrise invoice (the demo data's, else an id no invoice has: every refusal comes first). */
  sunriseInvoice: string;
  /** A line of that invoice. */
  sunriseInvoiceLine: string;
  /** Sophie Support's submitted time entry on Jordan's Care Team (Lee leads it). */
  sophieEntry: string;
  /** Sunrise's time code for 01_011_0107_1_1 (demo data). */
  sunriseTimeCode: string;
  /** A Sunrise claim batch (the demo data's, else an id no batch has: every refusal comes first). */
  sunriseClaim: string;
  /** Olivia's interim behaviour support plan for Jordan (a draft). */
  sunrisePlan: string;
  /** Olivia's record that Jordan's behaviour support started. */
  sunriseEngagement: string;
  /** A Sunrise audit pack Olivia asked for (organisation, one day). */
  sunriseAuditPack: string;
  /** Olivia's register entry (physical restraint) for Jordan, and Jordan's January 2026 report. */
  rpAuthorisation: string;
  rpReport: string;
  /** Olivia's incident report on Jordan's team: its register entry, and a follow-up action of it. */
  sunriseIncident: string;
  sunriseIncidentAction: string;
}
interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
}
type RouteCase =
  | { kind: 'public' }
  /** Signed-in routes about the caller's own account; other users' records answer 404. */
  | { kind: 'own'; call: (ids: Ids) => Call; othersRecord?: (ids: Ids) => Call }
  /** Tenant routes: called with Sunrise's id (and Sunrise record ids). */
  | {
      kind: 'tenant';
      call: (ids: Ids) => Call;
      /** A Sunrise user below the needed role, expecting 403 (or 404 when the record is hidden). */
      lowerRole?: { email: string; status: 403 | 404 };
      /** The same route under the stranger's own tenant, naming a Sunrise record: must be 404. */
      foreignRecord?: (ids: Ids) => Call;
    }
  /** Platform routes for system admins only: anyone else, a tenant's owner too, gets 403. */
  | { kind: 'platform'; call: (ids: Ids) => Call };

/** What refused participant writes try to save: none of it may appear afterwards. */
const intruderParticipant = { name: 'Intruder Person', ndisNumber: '439999999', dateOfBirth: '2000-01-01' };
const intruderPlan = {
  startDate: '2030-01-01',
  endDate: '2030-12-31',
  managementType: 'self',
  budgets: [{ category: '01', amountCents: 99 }],
};

/** Valid tax-invoice settings, so a refusal is about who asks, never about the body. */
const intruderTaxInvoiceSettings = {
  legalName: 'Hijacked Pty Ltd',
  abn: '51824753556',
  ndisRegistrationNumber: '',
  address: '',
  email: '',
  phone: '',
  bank: null,
  teamLeadApprovalLimitCents: null,
  gstRate: 0,
  paymentTerms: 30,
  invoicePrefix: 'HIJ',
};

/** A valid template and billing rule, so refusals of template and rule routes are about who asks. */
const intruderTemplate = {
  name: 'Intruder template',
  category: 'plan',
  fields: [{ id: 'x', name: 'X', type: 'text', required: false, order: 0, ndisStandard: false }],
};
const intruderBillingRule = {
  cardType: 'task',
  category: 'review',
  baseRateCents: 1,
  estimatedHours: 1,
  ndisLineItem: '01_011_0107_1_1',
};

const routeCases: Record<string, RouteCase> = {
  'GET /api/health': { kind: 'public' },
  'GET /api/openapi.json': { kind: 'public' },
  'GET /api/auth/config': { kind: 'public' },
  'GET /api/auth/demo/users': { kind: 'public' },
  'POST /api/auth/demo/login': { kind: 'public' },
  'POST /api/client-errors': { kind: 'public' },
  'POST /api/auth/logout': { kind: 'own', call: () => ({ method: 'POST', url: '/api/auth/logout' }) },
  'GET /api/me': { kind: 'own', call: () => ({ method: 'GET', url: '/api/me' }) },
  'POST /api/me/verification': {
    kind: 'own',
    call: () => ({
      method: 'POST',
      url: '/api/me/verification',
      payload: { acknowledgement: 'I understand' },
    }),
  },
  'PATCH /api/me': {
    kind: 'own',
    call: () => ({ method: 'PATCH', url: '/api/me', payload: { timeZone: 'Australia/Perth' } }),
  },
  'GET /api/me/tokens': { kind: 'own', call: () => ({ method: 'GET', url: '/api/me/tokens' }) },
  'POST /api/me/tokens': {
    kind: 'own',
    call: () => ({ method: 'POST', url: '/api/me/tokens', payload: { name: 'x' } }),
  },
  'DELETE /api/me/tokens/:id': {
    kind: 'own',
    call: (ids) => ({ method: 'DELETE', url: `/api/me/tokens/${ids.oliviaToken}` }),
    othersRecord: (ids) => ({ method: 'DELETE', url: `/api/me/tokens/${ids.oliviaToken}` }),
  },
  'GET /api/me/sessions': { kind: 'own', call: () => ({ method: 'GET', url: '/api/me/sessions' }) },
  'DELETE /api/me/sessions/:id': {
    kind: 'own',
    call: (ids) => ({ method: 'DELETE', url: `/api/me/sessions/${ids.oliviaSession}` }),
    othersRecord: (ids) => ({ method: 'DELETE', url: `/api/me/sessions/${ids.oliviaSession}` }),
  },
  'DELETE /api/me/sessions': { kind: 'own', call: () => ({ method: 'DELETE', url: '/api/me/sessions' }) },
  'GET /api/me/preferences': { kind: 'own', call: () => ({ method: 'GET', url: '/api/me/preferences' }) },
  'PATCH /api/me/preferences': {
    kind: 'own',
    call: () => ({ method: 'PATCH', url: '/api/me/preferences', payload: { fontSize: 'large' } }),
  },
  'GET /api/tenants': { kind: 'own', call: () => ({ method: 'GET', url: '/api/tenants' }) },
  'GET /api/tenants/directory': {
    kind: 'own',
    call: () => ({ method: 'GET', url: '/api/tenants/directory' }),
  },
  'POST /api/onboarding': {
    kind: 'own',
    call: () => ({
      method: 'POST',
      url: '/api/onboarding',
      payload: { organisationName: 'X', consent: true },
    }),
  },
  'GET /api/access-requests/mine': {
    kind: 'own',
    call: () => ({ method: 'GET', url: '/api/access-requests/mine' }),
  },
  'POST /api/access-requests': {
    kind: 'own',
    call: (ids) => ({
      method: 'POST',
      url: '/api/access-requests',
      payload: { tenantId: ids.sunrise, reason: 'Investigating a support ticket' },
    }),
  },
  // Everyone's own settings in the organisation: no lower role, and the route names no record.
  'GET /api/settings/notifications': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/settings/notifications' }),
  },
  'PUT /api/settings/notifications': {
    kind: 'tenant',
    call: () => ({
      method: 'PUT',
      url: '/api/settings/notifications',
      payload: {
        kinds: Object.fromEntries(
          ['comments', 'approvals', 'invoices', 'deadlines', 'participants', 'staff', 'organisation'].map(
            (k) => [k, { inApp: true, email: false }],
          ),
        ),
        dailyDigest: true,
      },
    }),
  },
  'GET /api/tenants/current': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/tenants/current' }),
  },
  'PATCH /api/tenants/current': {
    kind: 'tenant',
    call: () => ({ method: 'PATCH', url: '/api/tenants/current', payload: { version: 1, name: 'Hijacked' } }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  // Tax-invoice settings: owners and admins write them, auditors read them, others neither.
  'GET /api/settings/tax-invoice': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/settings/tax-invoice' }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
  },
  'PUT /api/settings/tax-invoice': {
    kind: 'tenant',
    call: () => ({ method: 'PUT', url: '/api/settings/tax-invoice', payload: intruderTaxInvoiceSettings }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
  },
  'GET /api/teams': { kind: 'tenant', call: () => ({ method: 'GET', url: '/api/teams' }) },
  'GET /api/teams/:idOrSlug': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}` }),
  },
  'POST /api/teams': {
    kind: 'tenant',
    call: () => ({ method: 'POST', url: '/api/teams', payload: { name: 'Intruder team' } }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  // Team configuration: the team's leads and tenant admins; family guardians never see invitations.
  'PATCH /api/teams/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/teams/${ids.jordanTeam}`,
      payload: { version: 1, name: 'Hijacked' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/teams/${ids.jordanTeam}`,
      payload: { version: 1, name: 'Hijacked' },
    }),
  },
  'GET /api/teams/:id/invitations': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}/invitations` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}/invitations` }),
  },
  'POST /api/teams/:id/members': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/teams/${ids.jordanTeam}/members`,
      payload: { email: 'intruder@example.com', role: 'Team Lead' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/teams/${ids.jordanTeam}/members`,
      payload: { email: 'intruder@example.com', role: 'Team Lead' },
    }),
  },
  'PATCH /api/teams/:id/members/:userId': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/teams/${ids.jordanTeam}/members/${ids.sophieUser}`,
      payload: { role: 'Team Lead' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/teams/${ids.jordanTeam}/members/${ids.sophieUser}`,
      payload: { role: 'Team Lead' },
    }),
  },
  'DELETE /api/teams/:id/members/:userId': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/teams/${ids.jordanTeam}/members/${ids.sophieUser}` }),
    lowerRole: { email: 'priya.practitioner@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'DELETE',
      url: `/api/teams/${ids.jordanTeam}/members/${ids.sophieUser}`,
    }),
  },
  'GET /api/teams/:id/shares': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}/shares` }),
    lowerRole: { email: 'priya.practitioner@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}/shares` }),
  },
  'POST /api/teams/:id/shares': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/teams/${ids.jordanTeam}/shares`,
      payload: { userId: ids.gusUser },
    }),
    lowerRole: { email: 'priya.practitioner@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/teams/${ids.jordanTeam}/shares`,
      payload: { userId: ids.gusUser },
    }),
  },
  'DELETE /api/teams/:id/shares/:userId': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/teams/${ids.miaTeam}/shares/${ids.gusUser}` }),
    lowerRole: { email: 'priya.practitioner@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'DELETE', url: `/api/teams/${ids.miaTeam}/shares/${ids.gusUser}` }),
  },
  'POST /api/care-teams': {
    kind: 'tenant',
    call: () => ({
      method: 'POST',
      url: '/api/care-teams',
      payload: {
        participant: { name: 'Intruder Participant', ndisNumber: '439999999', dateOfBirth: '1990-01-01' },
        team: { name: 'Intruder team' },
        members: [{ email: 'intruder@example.com', role: 'Team Lead' }],
        templateSet: 'community',
      },
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  'GET /api/access-requests': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/access-requests' }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
  },
  'POST /api/access-requests/:id/decision': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/access-requests/${ids.accessRequest}/decision`,
      payload: { decision: 'approved', version: 1 },
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/access-requests/${ids.accessRequest}/decision`,
      payload: { decision: 'approved', version: 1 },
    }),
  },
  'POST /api/access-requests/:id/revocation': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/access-requests/${ids.accessRequest}/revocation`,
      payload: { version: 1 },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/access-requests/${ids.accessRequest}/revocation`,
      payload: { version: 1 },
    }),
  },
  'GET /api/invitations': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/invitations' }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  'POST /api/invitations': {
    kind: 'tenant',
    call: () => ({ method: 'POST', url: '/api/invitations', payload: { email: 'intruder@example.com' } }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
  },
  'DELETE /api/invitations/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/invitations/${ids.invitation}` }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'DELETE', url: `/api/invitations/${ids.invitation}` }),
  },
  'POST /api/invitations/:id/resend': {
    kind: 'tenant',
    call: (ids) => ({ method: 'POST', url: `/api/invitations/${ids.invitation}/resend` }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'POST', url: `/api/invitations/${ids.invitation}/resend` }),
  },
  // Invitation links are the signed-in person's own, with no tenant: whoever holds a link may see
  // where it leads (invitation-links.api.test.ts), so there is no one else's record to refuse here.
  'GET /api/invitations/link/:token': {
    kind: 'own',
    call: () => ({ method: 'GET', url: `/api/invitations/link/${'x'.repeat(43)}` }),
  },
  'POST /api/invitations/accept': {
    kind: 'own',
    call: () => ({ method: 'POST', url: '/api/invitations/accept', payload: { token: 'x'.repeat(43) } }),
  },
  'GET /api/favorites': { kind: 'tenant', call: () => ({ method: 'GET', url: '/api/favorites' }) },
  'POST /api/favorites': {
    kind: 'tenant',
    call: () => ({
      method: 'POST',
      url: '/api/favorites',
      payload: { path: '/intruder', label: 'Intruder' },
    }),
  },
  'POST /api/favorites/cleanup': {
    kind: 'tenant',
    call: () => ({
      method: 'POST',
      url: '/api/favorites/cleanup',
      payload: { disabledRoutes: ['/invoices'] },
    }),
  },
  // Favourites are personal: another member of the tenant gets 404 for Olivia's, like a stranger.
  'PATCH /api/favorites/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/favorites/${ids.oliviaFavorite}`,
      payload: { label: 'Hijacked' },
    }),
    lowerRole: { email: 'adam.admin@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/favorites/${ids.oliviaFavorite}`,
      payload: { label: 'Hijacked' },
    }),
  },
  'DELETE /api/favorites/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/favorites/${ids.oliviaFavorite}` }),
    lowerRole: { email: 'adam.admin@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'DELETE', url: `/api/favorites/${ids.oliviaFavorite}` }),
  },
  'POST /api/favorites/:id/access': {
    kind: 'tenant',
    call: (ids) => ({ method: 'POST', url: `/api/favorites/${ids.oliviaFavorite}/access` }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'POST', url: `/api/favorites/${ids.oliviaFavorite}/access` }),
  },
  'GET /api/notifications': { kind: 'tenant', call: () => ({ method: 'GET', url: '/api/notifications' }) },
  'GET /api/notifications/unread-count': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/notifications/unread-count' }),
  },
  // The caller's own counts across their memberships (unread-by-tenant.api.test.ts: a stranger gets only theirs).
  'GET /api/notifications/unread-counts': {
    kind: 'own',
    call: () => ({ method: 'GET', url: '/api/notifications/unread-counts' }),
  },
  'POST /api/notifications/read-all': {
    kind: 'tenant',
    call: () => ({ method: 'POST', url: '/api/notifications/read-all' }),
  },
  // Notifications belong to their recipient: Adam, also an admin, gets 404 for Olivia's.
  'PATCH /api/notifications/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/notifications/${ids.oliviaNotification}`,
      payload: { read: true },
    }),
    lowerRole: { email: 'adam.admin@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/notifications/${ids.oliviaNotification}`,
      payload: { read: true },
    }),
  },
  'DELETE /api/notifications/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/notifications/${ids.oliviaNotification}` }),
    lowerRole: { email: 'adam.admin@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'DELETE', url: `/api/notifications/${ids.oliviaNotification}` }),
  },
  'POST /api/notifications/:id/decision': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/notifications/${ids.oliviaNotification}/decision`,
      payload: { decision: 'approved' },
    }),
    lowerRole: { email: 'adam.admin@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/notifications/${ids.oliviaNotification}/decision`,
      payload: { decision: 'approved' },
    }),
  },
  // Refused before any stream opens; an allowed call would stream, so no lower-role case here.
  'GET /api/events': { kind: 'tenant', call: () => ({ method: 'GET', url: '/api/events' }) },
  // Cards: a family guardian sees the team but not its cards; a guest without the shared team sees
  // neither; an auditor reads but never writes; a support worker writes but never deletes.
  'GET /api/cards': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/cards?teamId=${ids.jordanTeam}` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/cards?teamId=${ids.jordanTeam}` }),
  },
  'GET /api/cards/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    // With its template as the card page reads it: nothing more for another tenant.
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}?include=template` }),
  },
  'POST /api/cards': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/cards',
      payload: { teamId: ids.jordanTeam, title: 'Intruder card' },
    }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/cards',
      payload: { teamId: ids.jordanTeam, title: 'Intruder card' },
    }),
  },
  'PATCH /api/cards/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/cards/${ids.jordanCard}`,
      payload: { version: 99, title: 'Hijacked' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/cards/${ids.jordanCard}`,
      payload: { version: 99, title: 'Hijacked' },
    }),
  },
  'DELETE /api/cards/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/cards/${ids.jordanCard}?version=99` }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'DELETE', url: `/api/cards/${ids.jordanCard}?version=99` }),
  },
  'GET /api/cards/:id/audit': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/audit` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/audit` }),
  },
  // The PDF export reads (a guardian reads no cards); the AI draft writes (the auditor never does).
  'GET /api/cards/:id/pdf': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/pdf` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/pdf` }),
  },
  'POST /api/cards/:id/ai-draft': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/cards/${ids.jordanCard}/ai-draft`,
      payload: { sectionId: 'assessment' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/cards/${ids.jordanCard}/ai-draft`,
      payload: { sectionId: 'assessment' },
    }),
  },
  // Team work (issue 5): a family guardian sees the team but not its work, so the team is hidden.
  'GET /api/teams/:teamId/work-items': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}/work-items` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}/work-items` }),
  },
  'PUT /api/teams/:id/workflow-states': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PUT',
      url: `/api/teams/${ids.jordanTeam}/workflow-states`,
      payload: { version: 1, states: [{ id: 'done', name: 'Done', color: '#10b981' }] },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PUT',
      url: `/api/teams/${ids.jordanTeam}/workflow-states`,
      payload: { version: 1, states: [{ id: 'done', name: 'Done', color: '#10b981' }] },
    }),
  },
  // Comments: a guest without the shared team sees no card; an auditor reads but never writes; only
  // the author edits or deletes (Sophie is not Olivia).
  'GET /api/cards/:id/comments': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/comments` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/comments` }),
  },
  'POST /api/cards/:id/comments': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/cards/${ids.jordanCard}/comments`,
      payload: { content: 'Intruder comment' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/cards/${ids.jordanCard}/comments`,
      payload: { content: 'Intruder comment' },
    }),
  },
  'PATCH /api/cards/:id/comments/:commentId': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/cards/${ids.jordanCard}/comments/${ids.jordanComment}`,
      payload: { content: 'Hijacked' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/cards/${ids.jordanCard}/comments/${ids.jordanComment}`,
      payload: { content: 'Hijacked' },
    }),
  },
  // Watching: whoever may open the card; a guest without the shared team cannot.
  'GET /api/cards/:id/watch': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/watch` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/watch` }),
  },
  'PUT /api/cards/:id/watch': {
    kind: 'tenant',
    call: (ids) => ({ method: 'PUT', url: `/api/cards/${ids.jordanCard}/watch` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'PUT', url: `/api/cards/${ids.jordanCard}/watch` }),
  },
  'DELETE /api/cards/:id/watch': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/cards/${ids.jordanCard}/watch` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'DELETE', url: `/api/cards/${ids.jordanCard}/watch` }),
  },
  'DELETE /api/cards/:id/comments/:commentId': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/cards/${ids.jordanCard}/comments/${ids.jordanComment}` }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'DELETE',
      url: `/api/cards/${ids.jordanCard}/comments/${ids.jordanComment}`,
    }),
  },
  'PUT /api/cards/:id/comments/:commentId/reaction': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PUT',
      url: `/api/cards/${ids.jordanCard}/comments/${ids.jordanComment}/reaction`,
      payload: { kind: 'like' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PUT',
      url: `/api/cards/${ids.jordanCard}/comments/${ids.jordanComment}/reaction`,
      payload: { kind: 'like' },
    }),
  },
  'DELETE /api/cards/:id/comments/:commentId/reaction': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'DELETE',
      url: `/api/cards/${ids.jordanCard}/comments/${ids.jordanComment}/reaction`,
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'DELETE',
      url: `/api/cards/${ids.jordanCard}/comments/${ids.jordanComment}/reaction`,
    }),
  },
  'GET /api/cards/:id/mentionable': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/mentionable` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/mentionable` }),
  },
  // Files: uploads need write:cards (never an auditor), downloads a readable card (never a guest
  // without the team), deletes the uploader or a team admin (Sophie is neither for Olivia's file).
  'POST /api/cards/:id/files': {
    kind: 'tenant',
    call: (ids) => ({ method: 'POST', url: `/api/cards/${ids.jordanCard}/files` }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'POST', url: `/api/cards/${ids.jordanCard}/files` }),
  },
  'GET /api/cards/:id/files': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/files` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/cards/${ids.jordanCard}/files` }),
  },
  'GET /api/files/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/files/${ids.jordanFile}` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/files/${ids.jordanFile}` }),
  },
  'DELETE /api/files/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/files/${ids.jordanFile}` }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'DELETE', url: `/api/files/${ids.jordanFile}` }),
  },
  // File storage lists only files of cards the caller may open (200, possibly empty); naming a team
  // they cannot see (a guest's unshared team, another organisation's) is 404.
  'GET /api/files': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/files?teamId=${ids.jordanTeam}` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/files?teamId=${ids.jordanTeam}` }),
  },
  // Search answers 200 with nothing a guardian may not read; naming a team they cannot read is 403.
  'GET /api/search': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/search?q=jordan&teamId=${ids.jordanTeam}` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/search?q=jordan&teamId=${ids.jordanTeam}` }),
  },
  'GET /api/templates': { kind: 'tenant', call: () => ({ method: 'GET', url: '/api/templates' }) },
  'GET /api/templates/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/templates/${ids.sunriseTemplate}` }),
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/templates/${ids.sunriseTemplate}` }),
  },
  'POST /api/templates': {
    kind: 'tenant',
    call: () => ({
      method: 'POST',
      url: '/api/templates',
      payload: {
        name: 'Intruder template',
        category: 'plan',
        fields: [{ id: 'x', name: 'X', type: 'text', required: false, order: 0, ndisStandard: false }],
      },
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  'PUT /api/templates/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PUT',
      url: `/api/templates/${ids.sunriseTemplate}`,
      payload: { ...intruderTemplate, fromVersion: 1 },
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PUT',
      url: `/api/templates/${ids.sunriseTemplate}`,
      payload: { ...intruderTemplate, fromVersion: 1 },
    }),
  },
  'POST /api/templates/:id/copy': {
    kind: 'tenant',
    call: (ids) => ({ method: 'POST', url: `/api/templates/${ids.sunriseTemplate}/copy` }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'POST', url: `/api/templates/${ids.sunriseTemplate}/copy` }),
  },
  'POST /api/templates/:id/retire': {
    kind: 'tenant',
    call: (ids) => ({ method: 'POST', url: `/api/templates/${ids.sunriseTemplate}/retire` }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'POST', url: `/api/templates/${ids.sunriseTemplate}/retire` }),
  },
  // Templates and rules: platform routes for system admins only (403 for a tenant's owner too).
  'GET /api/published-templates': {
    kind: 'platform',
    call: () => ({ method: 'GET', url: '/api/published-templates' }),
  },
  'POST /api/published-templates': {
    kind: 'platform',
    call: () => ({ method: 'POST', url: '/api/published-templates', payload: intruderTemplate }),
  },
  'GET /api/published-templates/:id': {
    kind: 'platform',
    call: () => ({ method: 'GET', url: '/api/published-templates/any-template' }),
  },
  'POST /api/published-templates/:id/versions': {
    kind: 'platform',
    call: () => ({
      method: 'POST',
      url: '/api/published-templates/any-template/versions',
      payload: { ...intruderTemplate, fromVersion: 1 },
    }),
  },
  'POST /api/published-templates/:id/retire': {
    kind: 'platform',
    call: () => ({ method: 'POST', url: '/api/published-templates/any-template/retire' }),
  },
  'GET /api/platform/tenants/:tenantId/card-billing-rules': {
    kind: 'platform',
    call: (ids) => ({ method: 'GET', url: `/api/platform/tenants/${ids.sunrise}/card-billing-rules` }),
  },
  'POST /api/platform/tenants/:tenantId/card-billing-rules': {
    kind: 'platform',
    call: (ids) => ({
      method: 'POST',
      url: `/api/platform/tenants/${ids.sunrise}/card-billing-rules`,
      payload: intruderBillingRule,
    }),
  },
  'PATCH /api/platform/tenants/:tenantId/card-billing-rules/:id': {
    kind: 'platform',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/platform/tenants/${ids.sunrise}/card-billing-rules/${ids.sunrise}`,
      payload: { version: 1, baseRateCents: 1 },
    }),
  },
  'DELETE /api/platform/tenants/:tenantId/card-billing-rules/:id': {
    kind: 'platform',
    call: (ids) => ({
      method: 'DELETE',
      url: `/api/platform/tenants/${ids.sunrise}/card-billing-rules/${ids.sunrise}`,
    }),
  },
  // System and Global Settings: the platform's (system admins; feature flags global admins only).
  'GET /api/system/tenants': {
    kind: 'platform',
    call: () => ({ method: 'GET', url: '/api/system/tenants' }),
  },
  'GET /api/system/health': {
    kind: 'platform',
    call: () => ({ method: 'GET', url: '/api/system/health' }),
  },
  'GET /api/global/tenants': {
    kind: 'platform',
    call: () => ({ method: 'GET', url: '/api/global/tenants' }),
  },
  'PATCH /api/global/tenants/:id/features': {
    kind: 'platform',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/global/tenants/${ids.sunrise}/features`,
      payload: { version: 1, features: { invoiceProcessing: false } },
    }),
  },
  // Integrations: tenant admins and up.
  'GET /api/settings/integrations': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/settings/integrations' }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  'POST /api/settings/integrations/:kind/test': {
    kind: 'tenant',
    call: () => ({ method: 'POST', url: '/api/settings/integrations/storage/test' }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
  },
  // Staff profiles: a guest lists nobody; someone not on the person's team reads nothing (404); a
  // team lead reads the people of their teams but edits none (403).
  'GET /api/staff': { kind: 'tenant', call: () => ({ method: 'GET', url: '/api/staff' }) },
  'GET /api/staff/supervisors': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/staff/supervisors' }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 403 },
  },
  'GET /api/staff/:userId': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/staff/${ids.sophieUser}` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/staff/${ids.sophieUser}` }),
  },
  'PUT /api/staff/:userId': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PUT',
      url: `/api/staff/${ids.sophieUser}`,
      payload: { qualifications: ['Hijacked'] },
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PUT',
      url: `/api/staff/${ids.sophieUser}`,
      payload: { qualifications: ['Hijacked'] },
    }),
  },
  // Hourly cost rates (pay): owners and admins only; a team lead gets 403, someone of another
  // organisation finds nobody (404).
  'GET /api/staff/cost-rates': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/staff/cost-rates' }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  'PUT /api/staff/:userId/cost-rate': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PUT',
      url: `/api/staff/${ids.sophieUser}/cost-rate`,
      payload: { hourlyCostRateCents: 1 },
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PUT',
      url: `/api/staff/${ids.sophieUser}/cost-rate`,
      payload: { hourlyCostRateCents: 1 },
    }),
  },
  // Participants (health information): a family guardian reads only the summary (no plans), a
  // support worker reads but never writes, a team member writes but never archives, an auditor reads
  // only; anyone not on the participant's team finds nothing (404).
  'GET /api/participants': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/participants' }),
  },
  'POST /api/participants': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/participants',
      payload: { ...intruderParticipant, teamId: ids.jordanTeam },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/participants',
      payload: { ...intruderParticipant, teamId: ids.jordanTeam },
    }),
  },
  'GET /api/participants/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/participants/${ids.jordanParticipant}` }),
    lowerRole: { email: 'theo.therapist@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/participants/${ids.jordanParticipant}` }),
  },
  'PATCH /api/participants/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/participants/${ids.jordanParticipant}`,
      payload: { version: 1, name: 'Hijacked' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/participants/${ids.jordanParticipant}`,
      payload: { version: 1, name: 'Hijacked' },
    }),
  },
  'POST /api/participants/:id/archive': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/participants/${ids.jordanParticipant}/archive`,
      payload: { version: 1 },
    }),
    lowerRole: { email: 'priya.practitioner@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/participants/${ids.jordanParticipant}/archive`,
      payload: { version: 1 },
    }),
  },
  'POST /api/participants/:id/restore': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/participants/${ids.jordanParticipant}/restore`,
      payload: { version: 1 },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/participants/${ids.jordanParticipant}/restore`,
      payload: { version: 1 },
    }),
  },
  'GET /api/participants/:id/plan': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/participants/${ids.jordanParticipant}/plan` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/participants/${ids.jordanParticipant}/plan` }),
  },
  'PUT /api/participants/:id/plan': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PUT',
      url: `/api/participants/${ids.jordanParticipant}/plan`,
      payload: { ...intruderPlan, version: 1 },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PUT',
      url: `/api/participants/${ids.jordanParticipant}/plan`,
      payload: { ...intruderPlan, version: 1 },
    }),
  },
  'GET /api/participants/:id/plans': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/participants/${ids.jordanParticipant}/plans` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/participants/${ids.jordanParticipant}/plans` }),
  },
  'POST /api/participants/:id/plans': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/participants/${ids.jordanParticipant}/plans`,
      payload: intruderPlan,
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/participants/${ids.jordanParticipant}/plans`,
      payload: intruderPlan,
    }),
  },
  'PUT /api/participants/:id/plans/:planId': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PUT',
      url: `/api/participants/${ids.jordanParticipant}/plans/${ids.jordanNdisPlan}`,
      payload: { ...intruderPlan, version: 1 },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PUT',
      url: `/api/participants/${ids.jordanParticipant}/plans/${ids.jordanNdisPlan}`,
      payload: { ...intruderPlan, version: 1 },
    }),
  },
  // The support catalogue and time codes (issue 14): admins import and set rates; whoever writes
  // time reads them; family guardians and auditors do not.
  'POST /api/support-catalogue/imports': {
    kind: 'tenant',
    call: () => ({ method: 'POST', url: '/api/support-catalogue/imports', payload: { file: 'x' } }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  'GET /api/support-catalogues': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/support-catalogues' }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
  },
  'GET /api/support-items': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/support-items?q=01_011' }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
  },
  'GET /api/time-codes': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/time-codes' }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
  },
  'POST /api/time-codes': {
    kind: 'tenant',
    call: () => ({
      method: 'POST',
      url: '/api/time-codes',
      payload: { code: '01_015_0107_1_1', hourlyRateCents: 100, description: 'Intruder code' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
  },
  'PATCH /api/time-codes/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/time-codes/${ids.sunriseTimeCode}`,
      payload: { version: 1, description: 'Hijacked' },
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/time-codes/${ids.sunriseTimeCode}`,
      payload: { version: 1, description: 'Hijacked' },
    }),
  },
  // Invoices (issue 15): owners and admins build and change them; auditors (and team leads within
  // the tenant's limit) read; approvals go to the approvers; support workers reach none.
  'GET /api/invoices': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/invoices' }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
  },
  'GET /api/invoices/totals': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/invoices/totals' }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
  },
  'GET /api/invoices/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/invoices/${ids.sunriseInvoice}` }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/invoices/${ids.sunriseInvoice}` }),
  },
  'POST /api/invoices': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/invoices',
      payload: { participantId: ids.jordanParticipant, periodFrom: '2031-01-01', periodTo: '2031-01-31' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/invoices',
      payload: { participantId: ids.jordanParticipant, periodFrom: '2031-01-01', periodTo: '2031-01-31' },
    }),
  },
  'PATCH /api/invoices/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/invoices/${ids.sunriseInvoice}`,
      payload: { version: 1, notes: 'Hijacked' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/invoices/${ids.sunriseInvoice}`,
      payload: { version: 1, notes: 'Hijacked' },
    }),
  },
  'POST /api/invoices/:id/submit': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/submit`,
      payload: {},
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/submit`,
      payload: {},
    }),
  },
  'POST /api/invoices/:id/approve': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/approve`,
      payload: {},
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/approve`,
      payload: {},
    }),
  },
  'POST /api/invoices/:id/reject': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/reject`,
      payload: { reason: 'Hijacked' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/reject`,
      payload: { reason: 'Hijacked' },
    }),
  },
  'POST /api/invoices/:id/send': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/send`,
      payload: {},
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/send`,
      payload: {},
    }),
  },
  'POST /api/invoices/:id/void': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/void`,
      payload: { reason: 'Hijacked' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/void`,
      payload: { reason: 'Hijacked' },
    }),
  },
  'POST /api/invoices/:id/payments': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/payments`,
      payload: { date: '2031-01-31', amountCents: 100, reference: 'Hijacked' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/invoices/${ids.sunriseInvoice}/payments`,
      payload: { date: '2031-01-31', amountCents: 100, reference: 'Hijacked' },
    }),
  },
  'GET /api/invoices/:id/pdf': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/invoices/${ids.sunriseInvoice}/pdf` }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/invoices/${ids.sunriseInvoice}/pdf` }),
  },
  // Time entries and the timer (issue 14): whoever records time works on their own; a team lead
  // reads and decides on their team's; family guardians and auditors record none.
  'GET /api/time-entries': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/time-entries?from=2031-01-01&to=2031-01-31' }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
  },
  'GET /api/time-entries/export.csv': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/time-entries/export.csv?from=2031-01-01&to=2031-01-31' }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
  },
  'GET /api/time-entries/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/time-entries/${ids.sophieEntry}` }),
    lowerRole: { email: 'priya.practitioner@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/time-entries/${ids.sophieEntry}` }),
  },
  'POST /api/time-entries': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/time-entries',
      payload: {
        date: '2031-01-06',
        startTime: '09:00',
        endTime: '10:00',
        timeCodeId: ids.sunriseTimeCode,
        participantId: ids.jordanParticipant,
        description: 'Intruder entry',
      },
    }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
  },
  'PATCH /api/time-entries/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/time-entries/${ids.sophieEntry}`,
      payload: { version: 2, description: 'Hijacked' },
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/time-entries/${ids.sophieEntry}`,
      payload: { version: 2, description: 'Hijacked' },
    }),
  },
  'DELETE /api/time-entries/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/time-entries/${ids.sophieEntry}?version=2` }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'DELETE', url: `/api/time-entries/${ids.sophieEntry}?version=2` }),
  },
  'POST /api/time-entries/:id/submit': {
    kind: 'tenant',
    call: (ids) => ({ method: 'POST', url: `/api/time-entries/${ids.sophieEntry}/submit`, payload: {} }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/time-entries/${ids.sophieEntry}/submit`,
      payload: {},
    }),
  },
  'POST /api/time-entries/:id/approve': {
    kind: 'tenant',
    call: (ids) => ({ method: 'POST', url: `/api/time-entries/${ids.sophieEntry}/approve`, payload: {} }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/time-entries/${ids.sophieEntry}/approve`,
      payload: {},
    }),
  },
  'POST /api/time-entries/:id/reject': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/time-entries/${ids.sophieEntry}/reject`,
      payload: { reason: 'Hijacked' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/time-entries/${ids.sophieEntry}/reject`,
      payload: { reason: 'Hijacked' },
    }),
  },
  'POST /api/time-entries/submit': {
    kind: 'tenant',
    call: () => ({
      method: 'POST',
      url: '/api/time-entries/submit',
      payload: { from: '2031-01-06', to: '2031-01-12' },
    }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
  },
  'POST /api/time-entries/approve': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/time-entries/approve',
      payload: { ids: [ids.sophieEntry] },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/time-entries/approve',
      payload: { ids: [ids.sophieEntry] },
    }),
  },
  'POST /api/time-entries/copy-week': {
    kind: 'tenant',
    call: () => ({
      method: 'POST',
      url: '/api/time-entries/copy-week',
      payload: { fromWeekStart: '2031-01-06', toWeekStart: '2031-01-13' },
    }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
  },
  'GET /api/timesheet': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'GET',
      url: `/api/timesheet?from=2031-01-01&to=2031-01-31&teamId=${ids.jordanTeam}`,
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'GET',
      url: `/api/timesheet?from=2031-01-01&to=2031-01-31&teamId=${ids.jordanTeam}`,
    }),
  },
  'GET /api/timer': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/timer' }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
  },
  'POST /api/timer/start': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/timer/start',
      payload: { participantId: ids.jordanParticipant },
    }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/timer/start',
      payload: { participantId: ids.jordanParticipant },
    }),
  },
  'POST /api/timer/stop': {
    kind: 'tenant',
    call: () => ({ method: 'POST', url: '/api/timer/stop', payload: { save: false } }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
  },
  // NDIA claims and the accounting export (issue 15 parts 6 and 7): owners and admins claim;
  // auditors read; nobody else.
  'POST /api/claims': {
    kind: 'tenant',
    call: () => ({
      method: 'POST',
      url: '/api/claims',
      payload: { invoiceIds: ['00000000-0000-4000-8000-0000000000c1'] },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
  },
  'GET /api/claims': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/claims' }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  'GET /api/claims/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/claims/${ids.sunriseClaim}` }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/claims/${ids.sunriseClaim}` }),
  },
  'GET /api/claims/:id/bulk-payment-request.csv': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/claims/${ids.sunriseClaim}/bulk-payment-request.csv` }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'GET',
      url: `/api/claims/${ids.sunriseClaim}/bulk-payment-request.csv`,
    }),
  },
  'POST /api/claims/:id/results': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/claims/${ids.sunriseClaim}/results`,
      payload: { file: 'ClaimReference' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/claims/${ids.sunriseClaim}/results`,
      payload: { file: 'ClaimReference' },
    }),
  },
  'PATCH /api/invoices/:id/lines/:lineId': {
    kind: 'tenant',
    call: () => ({
      method: 'PATCH',
      url: '/api/invoices/00000000-0000-4000-8000-0000000000c2/lines/00000000-0000-4000-8000-0000000000c3',
      payload: { version: 1, quantity: 1 },
    }),
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/invoices/${ids.sunriseInvoice}/lines/${ids.sunriseInvoiceLine}`,
      payload: { version: 1, quantity: 1 },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
  },
  'GET /api/invoices/export/xero.csv': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/invoices/export/xero.csv?from=2030-01-01&to=2030-12-31' }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  'GET /api/invoices/export/payments.csv': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/invoices/export/payments.csv?from=2030-01-01&to=2030-12-31' }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
  },
  // Audit packs (issue 16 item 6): owners, admins and auditors build and download them; no one else.
  'GET /api/audit-packs': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/audit-packs' }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
  },
  'POST /api/audit-packs': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/audit-packs',
      payload: { scope: 'team', scopeId: ids.jordanTeam, periodFrom: '2031-01-01', periodTo: '2031-03-31' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/audit-packs',
      payload: { scope: 'team', scopeId: ids.jordanTeam, periodFrom: '2031-01-01', periodTo: '2031-03-31' },
    }),
  },
  'GET /api/audit-packs/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/audit-packs/${ids.sunriseAuditPack}` }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/audit-packs/${ids.sunriseAuditPack}` }),
  },
  'GET /api/audit-packs/:id/download': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/audit-packs/${ids.sunriseAuditPack}/download` }),
    lowerRole: { email: 'priya.practitioner@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/audit-packs/${ids.sunriseAuditPack}/download` }),
  },
  // Restrictive practices (issue 16 item 3): support workers and up on the participant's team read
  // and log uses; its clinicians and leads keep the register and reports; auditors read; family
  // guardians nothing.
  'GET /api/restrictive-practices': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'GET',
      url: `/api/restrictive-practices?participantId=${ids.jordanParticipant}`,
    }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'GET',
      url: `/api/restrictive-practices?participantId=${ids.jordanParticipant}`,
    }),
  },
  'POST /api/restrictive-practices': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/restrictive-practices',
      payload: {
        participantId: ids.jordanParticipant,
        practiceType: 'seclusion',
        authorisedOn: '2026-01-01',
      },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/restrictive-practices',
      payload: {
        participantId: ids.jordanParticipant,
        practiceType: 'seclusion',
        authorisedOn: '2026-01-01',
      },
    }),
  },
  'PATCH /api/restrictive-practices/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/restrictive-practices/${ids.rpAuthorisation}`,
      payload: { version: 1, expiresOn: '2099-01-01' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/restrictive-practices/${ids.rpAuthorisation}`,
      payload: { version: 1, expiresOn: '2099-01-01' },
    }),
  },
  'DELETE /api/restrictive-practices/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'DELETE', url: `/api/restrictive-practices/${ids.rpAuthorisation}` }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'DELETE', url: `/api/restrictive-practices/${ids.rpAuthorisation}` }),
  },
  'GET /api/restrictive-practices/uses': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'GET',
      url: `/api/restrictive-practices/uses?participantId=${ids.jordanParticipant}`,
    }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'GET',
      url: `/api/restrictive-practices/uses?participantId=${ids.jordanParticipant}`,
    }),
  },
  'POST /api/restrictive-practices/uses': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/restrictive-practices/uses',
      payload: {
        participantId: ids.jordanParticipant,
        practiceType: 'physical',
        startedAt: '2026-01-05T00:00:00Z',
        durationMinutes: 5,
        reason: 'Intruder',
      },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/restrictive-practices/uses',
      payload: {
        participantId: ids.jordanParticipant,
        practiceType: 'physical',
        startedAt: '2026-01-05T00:00:00Z',
        durationMinutes: 5,
        reason: 'Intruder',
      },
    }),
  },
  'GET /api/restrictive-practice-reports': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'GET',
      url: `/api/restrictive-practice-reports?participantId=${ids.jordanParticipant}`,
    }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'GET',
      url: `/api/restrictive-practice-reports?participantId=${ids.jordanParticipant}`,
    }),
  },
  'POST /api/restrictive-practice-reports': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/restrictive-practice-reports',
      payload: { participantId: ids.jordanParticipant, month: '2026-02' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/restrictive-practice-reports',
      payload: { participantId: ids.jordanParticipant, month: '2026-02' },
    }),
  },
  'GET /api/restrictive-practice-reports/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/restrictive-practice-reports/${ids.rpReport}` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/restrictive-practice-reports/${ids.rpReport}` }),
  },
  'POST /api/restrictive-practice-reports/:id/review': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/restrictive-practice-reports/${ids.rpReport}/review`,
      payload: {},
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/restrictive-practice-reports/${ids.rpReport}/review`,
      payload: {},
    }),
  },
  'POST /api/restrictive-practice-reports/:id/submit': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/restrictive-practice-reports/${ids.rpReport}/submit`,
      payload: { commissionReference: 'HIJACKED' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/restrictive-practice-reports/${ids.rpReport}/submit`,
      payload: { commissionReference: 'HIJACKED' },
    }),
  },
  'GET /api/restrictive-practice-reports/:id.csv': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/restrictive-practice-reports/${ids.rpReport}.csv` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/restrictive-practice-reports/${ids.rpReport}.csv` }),
  },
  'GET /api/restrictive-practice-reports/:id.pdf': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/restrictive-practice-reports/${ids.rpReport}.pdf` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/restrictive-practice-reports/${ids.rpReport}.pdf` }),
  },
  // Behaviour analytics (issue 16 item 5): the incidents' readers; family guardians count nothing.
  'GET /api/behaviour-analytics': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'GET',
      url: `/api/behaviour-analytics?from=2026-01-01&to=2026-12-31&teamId=${ids.jordanTeam}`,
    }),
  },
  'GET /api/behaviour-analytics.csv': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/behaviour-analytics.csv?from=2026-01-01&to=2026-12-31' }),
  },
  // Incidents (issue 16 item 4): support workers and up on the team record and update; auditors
  // read; family guardians see none.
  'GET /api/incidents': { kind: 'tenant', call: () => ({ method: 'GET', url: '/api/incidents' }) },
  'GET /api/incidents.csv': { kind: 'tenant', call: () => ({ method: 'GET', url: '/api/incidents.csv' }) },
  'GET /api/incidents/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/incidents/${ids.sunriseIncident}` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/incidents/${ids.sunriseIncident}` }),
  },
  'PATCH /api/incidents/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/incidents/${ids.sunriseIncident}`,
      payload: { version: 1, severity: 'critical' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/incidents/${ids.sunriseIncident}`,
      payload: { version: 1, severity: 'critical' },
    }),
  },
  'POST /api/incidents/:id/actions': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/incidents/${ids.sunriseIncident}/actions`,
      payload: { description: 'Hijacked' },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/incidents/${ids.sunriseIncident}/actions`,
      payload: { description: 'Hijacked' },
    }),
  },
  'PATCH /api/incidents/:id/actions/:actionId': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/incidents/${ids.sunriseIncident}/actions/${ids.sunriseIncidentAction}`,
      payload: { isDone: true },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/incidents/${ids.sunriseIncident}/actions/${ids.sunriseIncidentAction}`,
      payload: { isDone: true },
    }),
  },
  'DELETE /api/incidents/:id/actions/:actionId': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'DELETE',
      url: `/api/incidents/${ids.sunriseIncident}/actions/${ids.sunriseIncidentAction}`,
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'DELETE',
      url: `/api/incidents/${ids.sunriseIncident}/actions/${ids.sunriseIncidentAction}`,
    }),
  },
  'POST /api/incidents/:id/debrief': {
    kind: 'tenant',
    call: (ids) => ({ method: 'POST', url: `/api/incidents/${ids.sunriseIncident}/debrief`, payload: {} }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/incidents/${ids.sunriseIncident}/debrief`,
      payload: {},
    }),
  },
  // Behaviour support (issue 16 item 1): plan writers (not support workers) create and change plans;
  // clinicians and admins approve; family guardians read only shared plans; others see nothing.
  'GET /api/behaviour-support-engagements': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'GET',
      url: `/api/behaviour-support-engagements?participantId=${ids.jordanParticipant}`,
    }),
  },
  'POST /api/behaviour-support-engagements': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/behaviour-support-engagements',
      payload: { participantId: ids.jordanParticipant, engagedOn: '2026-01-01' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/behaviour-support-engagements',
      payload: { participantId: ids.jordanParticipant, engagedOn: '2026-01-01' },
    }),
  },
  'PATCH /api/behaviour-support-engagements/:id': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'PATCH',
      url: `/api/behaviour-support-engagements/${ids.sunriseEngagement}`,
      payload: { version: 1, note: 'Hijacked' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'PATCH',
      url: `/api/behaviour-support-engagements/${ids.sunriseEngagement}`,
      payload: { version: 1, note: 'Hijacked' },
    }),
  },
  'GET /api/behaviour-support-plans': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/behaviour-support-plans?teamId=${ids.jordanTeam}` }),
    lowerRole: { email: 'gus.guest@sunrise.example', status: 404 },
  },
  'GET /api/behaviour-support-plans/prefill': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'GET',
      url: `/api/behaviour-support-plans/prefill?teamId=${ids.jordanTeam}&kind=interim`,
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'GET',
      url: `/api/behaviour-support-plans/prefill?teamId=${ids.jordanTeam}&kind=interim`,
    }),
  },
  'POST /api/behaviour-support-plans': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: '/api/behaviour-support-plans',
      payload: { teamId: ids.jordanTeam, kind: 'interim', title: 'Hijacked' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: '/api/behaviour-support-plans',
      payload: { teamId: ids.jordanTeam, kind: 'interim', title: 'Hijacked' },
    }),
  },
  'GET /api/behaviour-support-plans/:id': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/behaviour-support-plans/${ids.sunrisePlan}` }),
    // Not shared with family.
    lowerRole: { email: 'fiona.family@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/behaviour-support-plans/${ids.sunrisePlan}` }),
  },
  'GET /api/behaviour-support-plans/:id/versions': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/behaviour-support-plans/${ids.sunrisePlan}/versions` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({
      method: 'GET',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/versions`,
    }),
  },
  'GET /api/behaviour-support-plans/:id/versions/:number': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/behaviour-support-plans/${ids.sunrisePlan}/versions/1` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({
      method: 'GET',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/versions/1`,
    }),
  },
  'GET /api/behaviour-support-plans/:id/diff': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'GET',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/diff?from=1&to=1`,
    }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 404 },
    foreignRecord: (ids) => ({
      method: 'GET',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/diff?from=1&to=1`,
    }),
  },
  'POST /api/behaviour-support-plans/:id/submit': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/submit`,
      payload: {},
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/submit`,
      payload: {},
    }),
  },
  'POST /api/behaviour-support-plans/:id/approve': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/approve`,
      payload: {},
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/approve`,
      payload: {},
    }),
  },
  'POST /api/behaviour-support-plans/:id/reject': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/reject`,
      payload: { reason: 'Hijacked' },
    }),
    lowerRole: { email: 'lee.lead@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/reject`,
      payload: { reason: 'Hijacked' },
    }),
  },
  'POST /api/behaviour-support-plans/:id/versions': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/versions`,
      payload: { changeSummary: 'Hijacked' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/versions`,
      payload: { changeSummary: 'Hijacked' },
    }),
  },
  'POST /api/behaviour-support-plans/:id/share': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/share`,
      payload: { sharedWithFamily: true },
    }),
    lowerRole: { email: 'aria.auditor@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/share`,
      payload: { sharedWithFamily: true },
    }),
  },
  'POST /api/behaviour-support-plans/:id/needs-changed': {
    kind: 'tenant',
    call: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/needs-changed`,
      payload: { needsChangedOn: '2026-01-01' },
    }),
    lowerRole: { email: 'sophie.support@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'POST',
      url: `/api/behaviour-support-plans/${ids.sunrisePlan}/needs-changed`,
      payload: { needsChangedOn: '2026-01-01' },
    }),
  },
  // Commission deadlines (issue 16 item 2): every member lists the ones they read (maybe none).
  'GET /api/deadlines': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/deadlines?participantId=${ids.jordanParticipant}` }),
  },
  // The dashboard (issue 16 item 7): every member gets the tiles they read (maybe few).
  'GET /api/dashboard': {
    kind: 'tenant',
    call: () => ({ method: 'GET', url: '/api/dashboard' }),
  },
  // Meeting Reviews (issue 17 item 5): read:cards on the team; a family guardian sees the team, not its cards.
  'GET /api/teams/:id/meeting-review': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}/meeting-review` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}/meeting-review` }),
  },
  'GET /api/teams/:id/meeting-review/agenda.pdf': {
    kind: 'tenant',
    call: (ids) => ({ method: 'GET', url: `/api/teams/${ids.jordanTeam}/meeting-review/agenda.pdf` }),
    lowerRole: { email: 'fiona.family@sunrise.example', status: 403 },
    foreignRecord: (ids) => ({
      method: 'GET',
      url: `/api/teams/${ids.jordanTeam}/meeting-review/agenda.pdf`,
    }),
  },
};

let t: TestApp;
let ids: Ids;
let stranger: TestClient; // Ben, owner of Bluegum: no place in Sunrise

beforeAll(async () => {
  t = await startTestApp();
  const olivia = await t.signIn('olivia.owner@sunrise.example');
  const sunrise = await t.tenantId('Sunrise Support Network');
  const bluegum = await t.tenantId('Bluegum Disability Services');
  const teams = (await olivia.inTenant(sunrise).get('/api/teams')).body.data as {
    id: string;
    name: string;
    members: { userId: string; email: string }[];
    participant: { id: string } | null;
  }[];
  const ben = await t.signIn('ben.owner@bluegum.example');
  const bluegumTeams = (await ben.inTenant(bluegum).get('/api/teams')).body.data as { id: string }[];
  const sam = await t.signIn('sam.system@wattle.example');
  const request = await sam.post('/api/access-requests', {
    tenantId: sunrise,
    reason: 'Checking a reported sync problem',
  });
  const token = await olivia.post('/api/me/tokens', { name: 'olivia script' });
  const oliviaSessions = await olivia.get('/api/me/sessions');
  const invitation = await olivia
    .inTenant(sunrise)
    .post('/api/invitations', { email: 'new.worker@sunrise.example' });
  const favorite = await olivia
    .inTenant(sunrise)
    .post('/api/favorites', { path: '/invoices', label: 'Financial Management' });
  const notifications = await olivia.inTenant(sunrise).get('/api/notifications');
  const cards = await olivia
    .inTenant(sunrise)
    .get(`/api/cards?teamId=${teams.find((x) => x.name === "Jordan's Care Team")!.id}`);
  const template = await olivia.inTenant(sunrise).post('/api/templates', {
    name: 'Sunrise Jordan home visit checklist',
    category: 'assessment',
    fields: [
      {
        id: 'visit-notes',
        name: 'Visit notes',
        type: 'textarea',
        required: true,
        order: 0,
        ndisStandard: false,
      },
    ],
  });
  const jordanTeamId = teams.find((x) => x.name === "Jordan's Care Team")!.id;
  ids = {
    sunrise,
    bluegum,
    jordanTeam: teams.find((x) => x.name === "Jordan's Care Team")!.id,
    miaTeam: teams.find((x) => x.name === "Mia's Care Team")!.id,
    bluegumTeam: bluegumTeams[0]!.id,
    accessRequest: request.body.data.requestId,
    oliviaToken: token.body.data.id,
    oliviaSession: oliviaSessions.body.data[0].id,
    invitation: invitation.body.data.id,
    oliviaFavorite: favorite.body.data.id,
    oliviaNotification: notifications.body.data.find((n: { type: string }) => n.type === 'tenant-access').id,
    jordanCard: cards.body.data[0].id,
    sunriseTemplate: template.body.data.id,
    jordanComment: '',
    jordanFile: '',
    sophieUser: teams.flatMap((x) => x.members).find((m) => m.email === 'sophie.support@sunrise.example')!
      .userId,
    jordanParticipant: teams.find((x) => x.name === "Jordan's Care Team")!.participant!.id,
    jordanNdisPlan: (
      await olivia
        .inTenant(sunrise)
        .get(`/api/participants/${teams.find((x) => x.name === "Jordan's Care Team")!.participant!.id}/plan`)
    ).body.data.id,
    gusUser: teams.flatMap((x) => x.members).find((m) => m.email === 'gus.guest@sunrise.example')!.userId,
    sophieEntry: '',
    // The demo seed's: a made-up id here would let the invoice cases pass on a 404 of nothing.
    sunriseInvoice: (await olivia.inTenant(sunrise).get('/api/invoices')).body.data[0].id,
    sunriseInvoiceLine: '',
    sunriseTimeCode: (await olivia.inTenant(sunrise).get('/api/time-codes')).body.data.find(
      (c: { code: string }) => c.code === '01_011_0107_1_1',
    ).id,
    sunriseClaim: (await olivia.inTenant(sunrise).get('/api/claims')).body.data[0].id,
    sunrisePlan: (
      await olivia
        .inTenant(sunrise)
        .post('/api/behaviour-support-plans', { teamId: jordanTeamId, kind: 'interim' })
    ).body.data.id,
    sunriseEngagement: (
      await olivia.inTenant(sunrise).post('/api/behaviour-support-engagements', {
        participantId: teams.find((x) => x.name === "Jordan's Care Team")!.participant!.id,
        engagedOn: '2026-01-01',
      })
    ).body.data.id,
    sunriseAuditPack: (
      await olivia
        .inTenant(sunrise)
        .post('/api/audit-packs', { scope: 'organisation', periodFrom: '2026-07-01', periodTo: '2026-07-01' })
    ).body.data.id,
    rpAuthorisation: '',
    rpReport: '',
    sunriseIncident: '',
    sunriseIncidentAction: '',
  };
  const incidentCard = await olivia.inTenant(sunrise).post('/api/cards', {
    teamId: jordanTeamId,
    title: 'Incident: Jordan fell in the garden',
    templateId: 'incident-report',
  });
  const sunriseInvoiceRead = await olivia.inTenant(sunrise).get(`/api/invoices/${ids.sunriseInvoice}`);
  expect(sunriseInvoiceRead.status, JSON.stringify(sunriseInvoiceRead.body)).toBe(200);
  ids.sunriseInvoiceLine = sunriseInvoiceRead.body.data.lineItems[0].id;
  ids.sunriseIncident = (await olivia.inTenant(sunrise).get('/api/incidents?limit=200')).body.data.find(
    (i: { cardId: string }) => i.cardId === incidentCard.body.data.id,
  ).id;
  ids.sunriseIncidentAction = (
    await olivia
      .inTenant(sunrise)
      .post(`/api/incidents/${ids.sunriseIncident}/actions`, { description: 'Check the garden path' })
  ).body.data.id;
  const comment = await olivia
    .inTenant(sunrise)
    .post(`/api/cards/${ids.jordanCard}/comments`, { content: 'Olivia checked the plan' });
  ids.jordanComment = comment.body.data.id;
  ids.rpAuthorisation = (
    await olivia
      .inTenant(sunrise)
      .post('/api/restrictive-practices', { participantId: ids.jordanParticipant, practiceType: 'physical' })
  ).body.data.id;
  ids.rpReport = (
    await olivia
      .inTenant(sunrise)
      .post('/api/restrictive-practice-reports', { participantId: ids.jordanParticipant, month: '2026-01' })
  ).body.data.id;
  const boundary = 'wattle-isolation-boundary';
  const upload = await olivia.inTenant(sunrise).request({
    method: 'POST',
    url: `/api/cards/${ids.jordanCard}/files`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Olivia review.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n\r\n--${boundary}--\r\n`,
    ),
  });
  ids.jordanFile = upload.body.data.file.id;
  const sophie = (await t.signIn('sophie.support@sunrise.example')).inTenant(sunrise);
  const sophieEntry = await sophie.post('/api/time-entries', {
    date: '2031-01-07',
    startTime: '09:00',
    endTime: '11:00',
    timeCodeId: ids.sunriseTimeCode,
    participantId: ids.jordanParticipant,
    description: 'Morning routine',
  });
  ids.sophieEntry = sophieEntry.body.data.id;
  await sophie.post(`/api/time-entries/${ids.sophieEntry}/submit`, {});
  stranger = ben;
});
afterAll(() => t.close());

const call = (client: TestClient, c: Call, tenant: string | null) =>
  client.request({ method: c.method, url: c.url, payload: c.payload as never, tenant });

/** No record of the other tenant may leak, whatever the status. */
function expectNoData(body: unknown) {
  const text = JSON.stringify(body);
  expect(body).toMatchObject({ success: false });
  for (const secret of ['Jordan', 'Mia Thompson', '430123456', 'Sunrise']) expect(text).not.toContain(secret);
}

describe('tenant isolation', () => {
  it('has a case for every API route, so new routes are walked too', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !(r in routeCases))).toEqual([]);
    expect(Object.keys(routeCases).filter((r) => !registered.includes(r))).toEqual([]);
  });

  it('declares only the listed routes public', () => {
    const publicRoutes = t.app.apiRoutes
      .filter((r) => r.auth === 'public')
      .map((r) => `${r.method} ${r.url}`);
    const expected = Object.entries(routeCases)
      .filter(([, c]) => c.kind === 'public')
      .map(([k]) => k);
    expect(publicRoutes.sort()).toEqual(expected.sort());
  });

  it('answers 401 to nobody on every non-public route', async () => {
    for (const [route, c] of Object.entries(routeCases)) {
      if (c.kind === 'public') continue;
      const res = await call(t.anonymous(), c.call(ids), ids.sunrise);
      expect(res.status, route).toBe(401);
      expectNoData(res.body);
    }
  });

  it("answers 404 to a user of another tenant who sends this tenant's id", async () => {
    for (const [route, c] of Object.entries(routeCases)) {
      if (c.kind !== 'tenant') continue;
      const res = await call(stranger, c.call(ids), ids.sunrise);
      expect(res.status, route).toBe(404);
      expect(res.body.error.message, route).toBe('Organisation not found');
      expectNoData(res.body);
    }
  });

  it("answers 404 to a user of another tenant who names this tenant's records under their own tenant", async () => {
    for (const [route, c] of Object.entries(routeCases)) {
      if (c.kind !== 'tenant' || !c.foreignRecord) continue;
      const res = await call(stranger, c.foreignRecord(ids), ids.bluegum);
      expect([403, 404], route).toContain(res.status);
      expectNoData(res.body);
    }
  });

  it("answers 404 to someone else's own-account records", async () => {
    for (const [route, c] of Object.entries(routeCases)) {
      if (c.kind !== 'own' || !c.othersRecord) continue;
      const res = await call(stranger, c.othersRecord(ids), null);
      expect(res.status, route).toBe(404);
    }
  });

  it('refuses platform routes to everyone but a system admin', async () => {
    const olivia = await t.as('olivia.owner@sunrise.example');
    for (const [route, c] of Object.entries(routeCases)) {
      if (c.kind !== 'platform') continue;
      for (const client of [stranger, olivia]) {
        const res = await call(client, c.call(ids), null);
        expect(res.status, route).toBe(403);
        expectNoData(res.body);
      }
    }
    const rules = await (await t.as('sam.system@wattle.example')).get(
      `/api/platform/tenants/${ids.sunrise}/card-billing-rules`,
    );
    expect(rules.body.data.map((r: { baseRateCents: number }) => r.baseRateCents)).not.toContain(1);
  });

  it('refuses lower roles and guests without the shared team', async () => {
    for (const [route, c] of Object.entries(routeCases)) {
      if (c.kind !== 'tenant' || !c.lowerRole) continue;
      const client = await t.as(c.lowerRole.email);
      const res = await call(client, c.call(ids), ids.sunrise);
      expect(res.status, `${route} as ${c.lowerRole.email}`).toBe(c.lowerRole.status);
      expect(res.body.success).toBe(false);
    }
  });

  it("shows a guest only the shared team, and a stranger's team list nothing of this tenant", async () => {
    const gus = await t.as('gus.guest@sunrise.example');
    const teams = (await gus.inTenant(ids.sunrise).get('/api/teams')).body.data as { id: string }[];
    expect(teams.map((x) => x.id)).toEqual([ids.miaTeam]);
    const own = await stranger.inTenant(ids.bluegum).get('/api/teams');
    expect(JSON.stringify(own.body)).not.toContain('Sunrise');
  });

  it('keeps the tenant unchanged after every refused write', async () => {
    const olivia = await t.signIn('olivia.owner@sunrise.example');
    const tenant = await olivia.inTenant(ids.sunrise).get('/api/tenants/current');
    expect(tenant.body.data.name).toBe('Sunrise Support Network');
    const teams = await olivia.inTenant(ids.sunrise).get('/api/teams');
    expect(teams.body.data.map((x: { name: string }) => x.name)).not.toContain('Intruder team');
    const requests = await olivia.inTenant(ids.sunrise).get('/api/access-requests');
    expect(requests.body.data[0].status).toBe('pending');
    const invitations = await olivia.inTenant(ids.sunrise).get('/api/invitations');
    expect(invitations.body.data.map((i: { email: string }) => i.email)).toEqual([
      'new.worker@sunrise.example',
    ]);
    const favorites = await olivia.inTenant(ids.sunrise).get('/api/favorites');
    expect(favorites.body.data).toMatchObject([
      { id: ids.oliviaFavorite, label: 'Financial Management', accessCount: 0 },
    ]);
    const notifications = await olivia.inTenant(ids.sunrise).get('/api/notifications');
    // Olivia also approves the demo invoices: her access request notification is as it was, and no
    // refused write added one.
    expect(
      notifications.body.data.find((n: { id: string }) => n.id === ids.oliviaNotification),
    ).toMatchObject({ read: false, tenantAccessRequest: { status: 'pending' } });
    expect(JSON.stringify(notifications.body.data)).not.toContain('Hijacked');
    const packs = await olivia.inTenant(ids.sunrise).get('/api/audit-packs');
    expect(packs.body.data.map((p: { id: string }) => p.id)).toEqual([ids.sunriseAuditPack]);
    const invoice = await olivia.inTenant(ids.sunrise).get(`/api/invoices/${ids.sunriseInvoice}`);
    expect(JSON.stringify(invoice.body)).not.toContain('Hijacked');
    const invoices = await olivia.inTenant(ids.sunrise).get('/api/invoices?from=2031-01-01&to=2031-01-31');
    expect(invoices.body.data).toEqual([]);
    const card = await olivia.inTenant(ids.sunrise).get(`/api/cards/${ids.jordanCard}`);
    expect(card.status).toBe(200);
    expect(card.body.data.title).not.toBe('Hijacked');
    const cards = await olivia.inTenant(ids.sunrise).get('/api/cards');
    expect(cards.body.data.map((c: { title: string }) => c.title)).not.toContain('Intruder card');
    const comments = await olivia.inTenant(ids.sunrise).get(`/api/cards/${ids.jordanCard}/comments`);
    expect(comments.body.data).toMatchObject([
      { id: ids.jordanComment, content: 'Olivia checked the plan', isEdited: false, reactions: {} },
      { type: 'system', content: 'Attached Olivia review.pdf' },
    ]);
    const files = await olivia.inTenant(ids.sunrise).get(`/api/cards/${ids.jordanCard}/files`);
    expect(files.body.data).toMatchObject([{ id: ids.jordanFile, downloadCount: 0 }]);
    const templates = await olivia.inTenant(ids.sunrise).get('/api/templates');
    expect(templates.body.data.map((x: { name: string }) => x.name)).not.toContain('Intruder template');
    const sophie = await olivia.inTenant(ids.sunrise).get(`/api/staff/${ids.sophieUser}`);
    expect(sophie.body.data).toMatchObject({ qualifications: [], version: 0 });
    const jordan = await olivia.inTenant(ids.sunrise).get(`/api/participants/${ids.jordanParticipant}`);
    expect(jordan.body.data).toMatchObject({ name: 'Jordan Lee', archivedAt: null, version: 1 });
    const participants = await olivia.inTenant(ids.sunrise).get('/api/participants?limit=200');
    expect(participants.body.data.map((p: { name: string }) => p.name)).not.toContain('Intruder Person');
    const plans = await olivia.inTenant(ids.sunrise).get(`/api/participants/${ids.jordanParticipant}/plans`);
    expect(plans.body.data).toMatchObject([
      { isCurrent: true, version: 1, startDate: expect.not.stringMatching(/^2030/) },
    ]);
    expect(participants.body.data.map((p: { name: string }) => p.name)).not.toContain('Intruder Participant');
    const jordanTeam = (await olivia.inTenant(ids.sunrise).get(`/api/teams/${ids.jordanTeam}`)).body.data;
    expect(jordanTeam).toMatchObject({ name: "Jordan's Care Team", version: 1, status: 'active' });
    expect(jordanTeam.members).toContainEqual(
      expect.objectContaining({ userId: ids.sophieUser, role: 'Support Worker' }),
    );
    const teamInvitations = await olivia
      .inTenant(ids.sunrise)
      .get(`/api/teams/${ids.jordanTeam}/invitations`);
    expect(teamInvitations.body.data).toEqual([]);
    const shares = await olivia.inTenant(ids.sunrise).get(`/api/teams/${ids.miaTeam}/shares`);
    expect(shares.body.data).toContainEqual(expect.objectContaining({ userId: ids.gusUser, isShared: true }));
    const codes = (await olivia.inTenant(ids.sunrise).get('/api/time-codes')).body.data;
    expect(codes.map((c: { description: string }) => c.description)).not.toContain('Intruder code');
    expect(codes.find((c: { id: string }) => c.id === ids.sunriseTimeCode)).toMatchObject({
      description: 'Personal care and daily living',
      version: 1,
    });
    const entries = (
      await olivia.inTenant(ids.sunrise).get('/api/time-entries?from=2031-01-01&to=2031-01-31')
    ).body.data;
    expect(entries).toMatchObject([
      { id: ids.sophieEntry, status: 'submitted', description: 'Morning routine', version: 2 },
    ]);
    const timer = await olivia.inTenant(ids.sunrise).get('/api/timer');
    expect(timer.body.data.running).toBe(false);
    const catalogues = await olivia.inTenant(ids.sunrise).get('/api/support-catalogues');
    expect(catalogues.body.data).toMatchObject([{ yearLabel: '2025-26', itemCount: 48 }]);
  });
});
