import type { MembershipRole, PlatformRole, TeamRole } from '@wattle/domain/auth/roles';
import type { PlanManagementType, SupportCategoryNumber } from '@wattle/domain/participants/plans';
import type { CreateParticipant, ParticipantStatus } from '@wattle/domain/participants/schemas';
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

/**
 * A demo NDIS plan. Its dates are days from the day the seed runs (in the tenant's time zone), so the
 * demo always shows a plan under way; everything else is fixed.
 */
export interface DemoPlan {
  startsInDays: number;
  endsInDays: number;
  managementType: PlanManagementType;
  planManager?: { name: string; email: string };
  budgets: { category: SupportCategoryNumber; amountCents: number }[];
}

/**
 * A demo participant: the full record (the seed makes them active) and their current plan. Without a
 * state and MMM they live in the organisation's state, metropolitan (MMM 1), as most do.
 */
export type DemoParticipant = Omit<CreateParticipant, 'teamId'> & {
  status?: ParticipantStatus;
  plan: DemoPlan | null;
};

export interface DemoTenant {
  key: string;
  name: string;
  isInternal?: boolean;
  settings?: Partial<TenantSettings>;
  profile?: TenantProfile;
  members: { email: string; role: MembershipRole; sharedTeams?: string[] }[];
  /** Participants on no team yet (a referral waiting for a care team). */
  unassignedParticipants?: DemoParticipant[];
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
    unassignedParticipants: [
      {
        name: 'Charlotte Davies',
        ndisNumber: '435778120',
        dateOfBirth: '2003-04-27',
        phone: '0491 570 006',
        address: '21 Grevillea Crescent, Mudgee NSW 2850',
        // A regional referral: Mudgee is a medium rural town; priced in Sunrise's state (NSW).
        state: null,
        monashModel: 4,
        emergencyContact: { name: 'Helen Davies', relationship: 'Mother', phone: '0491 570 010' },
        guardian: null,
        goals: ['Find a weekend job in retail'],
        alerts: [],
        preferences: 'Referred by her school counsellor; keen to start after exams.',
        medicalInfo: null,
        communicationNeeds: null,
        status: 'pending',
        plan: null,
      },
    ],
    teams: [
      {
        key: 'jordan',
        name: "Jordan's Care Team",
        participant: {
          name: 'Jordan Lee',
          ndisNumber: '430123456',
          dateOfBirth: '2009-03-14',
          phone: '0412 345 601',
          address: '14 Banksia Street, Parramatta NSW 2150',
          emergencyContact: { name: 'David Lee', relationship: 'Father', phone: '0412 345 679' },
          guardian: {
            name: 'Karen Lee',
            relationship: 'Mother',
            phone: '0412 345 678',
            email: 'karen.lee@family.example',
          },
          goals: ['Travel to school independently', 'Join a weekend basketball club'],
          alerts: ['Severe peanut allergy: EpiPen in blue backpack'],
          preferences: 'Likes basketball and trains. Prefers a quiet space to settle after school.',
          medicalInfo: 'Autism (level 2). Anaphylaxis to peanuts: EpiPen Jr carried at all times.',
          communicationNeeds:
            'Speaks in short sentences; give one instruction at a time and a visual timetable for changes.',
          plan: {
            startsInDays: -300,
            endsInDays: 65,
            // Agency-managed: Jordan's supports are claimed from the NDIA with the bulk payment request.
            // Little is left of the community budget (04), so the next fortnight's invoice goes over it.
            managementType: 'ndia',
            budgets: [
              { category: '01', amountCents: 2_850_000 },
              { category: '04', amountCents: 240_000 },
              { category: '07', amountCents: 480_000 },
              { category: '15', amountCents: 960_000 },
            ],
          },
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
          phone: '0423 118 204',
          address: 'Unit 3, 27 Wattle Avenue, Newtown NSW 2042',
          emergencyContact: { name: 'Grace Thompson', relationship: 'Sister', phone: '0423 118 299' },
          guardian: {
            name: 'Grace Thompson',
            relationship: 'Sister',
            phone: '0423 118 299',
            email: 'grace.thompson@family.example',
          },
          goals: ['Move into supported independent living', 'Cook three meals a week'],
          alerts: ['Uses AAC device: allow extra time to respond'],
          preferences: 'Enjoys cooking shows and morning walks. Prefers female support workers.',
          medicalInfo: 'Cerebral palsy (spastic diplegia). Epilepsy, well controlled on levetiracetam.',
          communicationNeeds: 'Uses an AAC device (Proloquo2Go); allow time to compose replies.',
          plan: {
            startsInDays: -344,
            endsInDays: 21,
            managementType: 'plan',
            planManager: { name: 'Leap Plan Management', email: 'invoices@leapplan.example' },
            budgets: [
              { category: '01', amountCents: 4_200_000 },
              { category: '05', amountCents: 650_000 },
              { category: '08', amountCents: 320_000 },
              { category: '12', amountCents: 540_000 },
              { category: '15', amountCents: 600_000 },
            ],
          },
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
          phone: '0438 702 115',
          address: '8 Ironbark Close, Blacktown NSW 2148',
          emergencyContact: { name: 'Ruth Williams', relationship: 'Mother', phone: '0438 702 190' },
          guardian: {
            name: 'Ruth Williams',
            relationship: 'Mother',
            phone: '0438 702 190',
            email: 'ruth.williams@family.example',
          },
          goals: ['Volunteer at the community garden', 'Catch the train to Parramatta on his own'],
          alerts: ['Can become anxious in crowds: plan quiet routes'],
          preferences: 'Gardening, country music and Saturday markets.',
          medicalInfo: 'Intellectual disability (mild). Type 2 diabetes, managed with metformin.',
          communicationNeeds: 'Reads simple written English; prefers plans written down.',
          plan: {
            startsInDays: -120,
            endsInDays: 245,
            managementType: 'self',
            budgets: [
              { category: '02', amountCents: 180_000 },
              { category: '04', amountCents: 1_560_000 },
              { category: '09', amountCents: 420_000 },
            ],
          },
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
          phone: '0455 230 871',
          address: '52 Jacaranda Road, Cabramatta NSW 2166',
          emergencyContact: { name: 'Linh Nguyen', relationship: 'Mother', phone: '0455 230 870' },
          guardian: {
            name: 'Linh Nguyen',
            relationship: 'Mother',
            phone: '0455 230 870',
            email: 'linh.nguyen@family.example',
          },
          goals: ['Use a visual schedule at home', 'Sleep through the night five nights a week'],
          alerts: ['Sensitive to loud noises'],
          preferences: 'Loves drawing and dinosaurs; calms with a weighted blanket.',
          medicalInfo: 'Autism (level 2) and ADHD. No known allergies.',
          communicationNeeds: 'Vietnamese and English spoken at home; use picture cards for new tasks.',
          plan: {
            startsInDays: -200,
            endsInDays: 165,
            managementType: 'plan',
            planManager: { name: 'Clearview Plan Partners', email: 'accounts@clearview.example' },
            budgets: [
              { category: '01', amountCents: 1_350_000 },
              { category: '11', amountCents: 890_000 },
              { category: '13', amountCents: 240_000 },
            ],
          },
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
          phone: '0467 941 302',
          address: '3/110 Marshall Street, Cobar NSW 2835',
          // Cobar is remote (MMM 6): his supports take the catalogue's Remote price limits.
          state: 'NSW',
          monashModel: 6,
          emergencyContact: { name: 'Sarah Smith', relationship: 'Partner', phone: '0467 941 388' },
          guardian: {
            name: 'Sarah Smith',
            relationship: 'Partner',
            phone: '0467 941 388',
            email: 'sarah.smith@family.example',
          },
          goals: ['Return to part-time work', 'Walk 30 minutes a day'],
          alerts: ['Uses a wheelchair: check venue access before outings'],
          preferences: 'Prefers morning appointments; keen on woodwork.',
          medicalInfo: 'Acquired brain injury (2019). Right-side weakness; takes baclofen.',
          communicationNeeds: 'Clear speech; may need instructions repeated when tired.',
          plan: {
            startsInDays: -90,
            endsInDays: 275,
            managementType: 'ndia',
            budgets: [
              { category: '01', amountCents: 2_100_000 },
              { category: '05', amountCents: 1_200_000 },
              { category: '10', amountCents: 760_000 },
              { category: '15', amountCents: 530_000 },
            ],
          },
        },
        members: [],
      },
    ],
  },
];
