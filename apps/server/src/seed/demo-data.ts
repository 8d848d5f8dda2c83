import type { MembershipRole, PlatformRole, TeamRole } from '@wattle/domain/auth/roles';
import type { CreateParticipant } from '@wattle/domain/participants/schemas';
import type { TenantProfile, TenantSettings } from '@wattle/domain/tenants/schemas';

/**
 * The demo organisations and people seeded on the first start of an empty database (AUTH_MODE=demo),
 * so every role can be tried from /login. Browser tests sign in as these people too.
 */
export interface DemoPerson {
  email: string;
  name: string;
  platformRole?: PlatformRole;
  verified: boolean;
}

/** A demo care team's participant: the full record (the seed makes them active, on the team). */
export type DemoParticipant = Omit<CreateParticipant, 'teamId'>;

export interface DemoTenant {
  key: string;
  name: string;
  isInternal?: boolean;
  settings?: Partial<TenantSettings>;
  profile?: TenantProfile;
  members: { email: string; role: MembershipRole; sharedTeams?: string[] }[];
  teams: {
    key: string;
    name: string;
    participant: DemoParticipant | null;
    members: { email: string; role: TeamRole }[];
  }[];
}

export const demoPeople: DemoPerson[] = [
  { email: 'ava.global@wattle.example', name: 'Ava Global', platformRole: 'global-admin', verified: true },
  { email: 'sam.system@wattle.example', name: 'Sam System', platformRole: 'system-admin', verified: true },
  { email: 'olivia.owner@sunrise.example', name: 'Olivia Owner', verified: true },
  { email: 'adam.admin@sunrise.example', name: 'Adam Admin', verified: true },
  { email: 'lee.lead@sunrise.example', name: 'Lee Lead', verified: true },
  { email: 'priya.practitioner@sunrise.example', name: 'Priya Practitioner', verified: true },
  { email: 'sophie.support@sunrise.example', name: 'Sophie Support', verified: true },
  { email: 'fiona.family@sunrise.example', name: 'Fiona Family', verified: true },
  { email: 'theo.therapist@sunrise.example', name: 'Theo Therapist', verified: true },
  { email: 'gus.guest@sunrise.example', name: 'Gus Guest', verified: true },
  { email: 'aria.auditor@sunrise.example', name: 'Aria Auditor', verified: true },
  { email: 'ben.owner@bluegum.example', name: 'Ben Owner', verified: true },
  { email: 'nina.new@wattle.example', name: 'Nina New', verified: false },
];

export const demoTenants: DemoTenant[] = [
  {
    key: 'internal',
    name: 'Wattle Platform',
    isInternal: true,
    profile: {
      domain: 'wattle.example',
      abn: '51824753556',
      address: {
        street: '1 Wattle Lane',
        city: 'Sydney',
        state: 'NSW',
        postcode: '2000',
        country: 'Australia',
      },
      phone: '+61 2 9000 0000',
      email: 'hello@wattle.example',
      website: 'https://wattle.example',
      ndisRegistration: {
        registrationNumber: '4050000001',
        registrationDate: '2024-07-01',
        expiryDate: '2027-06-30',
        serviceTypes: ['Core Supports', 'Capacity Building', 'Capital Supports'],
      },
      serviceTypes: ['Core Supports', 'Capacity Building', 'Capital Supports'],
    },
    members: [{ email: 'sam.system@wattle.example', role: 'owner' }],
    teams: [{ key: 'platform', name: 'Platform Operations', participant: null, members: [] }],
  },
  {
    key: 'sunrise',
    name: 'Sunrise Support Network',
    settings: { whiteLabel: true, primaryColor: '#ea580c', customDomain: 'care.sunrise-support.example' },
    members: [
      { email: 'olivia.owner@sunrise.example', role: 'owner' },
      { email: 'adam.admin@sunrise.example', role: 'admin' },
      { email: 'lee.lead@sunrise.example', role: 'member' },
      { email: 'priya.practitioner@sunrise.example', role: 'member' },
      { email: 'sophie.support@sunrise.example', role: 'member' },
      { email: 'fiona.family@sunrise.example', role: 'member' },
      { email: 'theo.therapist@sunrise.example', role: 'member' },
      { email: 'gus.guest@sunrise.example', role: 'guest', sharedTeams: ['mia'] },
      { email: 'aria.auditor@sunrise.example', role: 'auditor' },
    ],
    teams: [
      {
        key: 'jordan',
        name: "Jordan's Care Team",
        participant: {
          name: 'Jordan Lee',
          ndisNumber: '430123456',
          dateOfBirth: '2009-03-14',
          goals: ['Travel to school independently', 'Join a weekend basketball club'],
          alerts: ['Severe peanut allergy: EpiPen in blue backpack'],
        },
        members: [
          { email: 'lee.lead@sunrise.example', role: 'Team Lead' },
          { email: 'priya.practitioner@sunrise.example', role: 'Practitioner' },
          { email: 'sophie.support@sunrise.example', role: 'Support Worker' },
          { email: 'fiona.family@sunrise.example', role: 'Family Guardian' },
        ],
      },
      {
        key: 'mia',
        name: "Mia's Care Team",
        participant: {
          name: 'Mia Thompson',
          ndisNumber: '431987788',
          dateOfBirth: '1998-11-02',
          goals: ['Move into supported independent living', 'Cook three meals a week'],
          alerts: ['Uses AAC device: allow extra time to respond'],
        },
        members: [
          { email: 'priya.practitioner@sunrise.example', role: 'Practitioner' },
          { email: 'theo.therapist@sunrise.example', role: 'Therapist' },
          { email: 'gus.guest@sunrise.example', role: 'Support Worker' },
        ],
      },
      {
        key: 'noah',
        name: 'Community Access Team',
        participant: {
          name: 'Noah Williams',
          ndisNumber: '432552210',
          dateOfBirth: '1985-06-21',
          goals: ['Volunteer at the community garden'],
          alerts: [],
        },
        members: [{ email: 'lee.lead@sunrise.example', role: 'Team Lead' }],
      },
    ],
  },
  {
    key: 'bluegum',
    name: 'Bluegum Disability Services',
    members: [
      { email: 'ben.owner@bluegum.example', role: 'owner' },
      { email: 'priya.practitioner@sunrise.example', role: 'member' },
    ],
    teams: [
      {
        key: 'harper',
        name: "Harper's Care Team",
        participant: {
          name: 'Harper Nguyen',
          ndisNumber: '433014401',
          dateOfBirth: '2012-08-09',
          goals: ['Use a visual schedule at home'],
          alerts: ['Sensitive to loud noises'],
        },
        members: [{ email: 'priya.practitioner@sunrise.example', role: 'Practitioner' }],
      },
      {
        key: 'oliver',
        name: "Oliver's Care Team",
        participant: {
          name: 'Oliver Smith',
          ndisNumber: '434339012',
          dateOfBirth: '1979-01-30',
          goals: ['Return to part-time work'],
          alerts: [],
        },
        members: [],
      },
    ],
  },
];
