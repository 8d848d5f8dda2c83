/**
 * The behaviour support plan workflow (issue 16 item 1; decision 0025), one place for the server that
 * enforces it and the web that offers only what it allows:
 *
 *   draft ──submit──▶ in-review ──approve──▶ approved ──new version──▶ draft (version n + 1) …
 *     ▲                   │ reject (reason)
 *     └───────────────────┘
 *
 * A plan's status is that of its newest version. Approving version n freezes it and marks the
 * version approved before it superseded; an approved comprehensive plan supersedes the participant's
 * approved interim plan (the whole plan is then superseded). Sharing with family and recording
 * changed needs are allowed while the plan is in force or being written.
 */
export const planStatuses = ['draft', 'in-review', 'approved', 'superseded', 'archived'] as const;
export type PlanStatus = (typeof planStatuses)[number];
export const planStatusLabels: Record<PlanStatus, string> = {
  draft: 'Draft',
  'in-review': 'In review',
  approved: 'Approved',
  superseded: 'Superseded',
  archived: 'Archived',
};

export const planVersionStatuses = ['draft', 'in-review', 'approved', 'superseded', 'rejected'] as const;
export type PlanVersionStatus = (typeof planVersionStatuses)[number];
export const planVersionStatusLabels: Record<PlanVersionStatus, string> = {
  draft: 'Draft',
  'in-review': 'In review',
  approved: 'Approved',
  superseded: 'Superseded',
  rejected: 'Rejected',
};

export const planKinds = ['interim', 'comprehensive'] as const;
export type PlanKind = (typeof planKinds)[number];
export const planKindLabels: Record<PlanKind, string> = {
  interim: 'Interim plan',
  comprehensive: 'Comprehensive plan',
};
/** The built-in template whose form a plan of each kind is written in. */
export const planTemplateIds: Record<PlanKind, 'interim-bsp' | 'comprehensive-bsp'> = {
  interim: 'interim-bsp',
  comprehensive: 'comprehensive-bsp',
};

export const planActions = [
  'edit',
  'submit',
  'approve',
  'reject',
  'new-version',
  'share',
  'needs-changed',
] as const;
export type PlanAction = (typeof planActions)[number];

const actionsByStatus: Record<PlanStatus, readonly PlanAction[]> = {
  draft: ['edit', 'submit', 'share'],
  'in-review': ['approve', 'reject', 'share'],
  approved: ['new-version', 'share', 'needs-changed'],
  superseded: [],
  archived: [],
};

/**
 * Whether the plan's state allows the action at all (who may take it is the permission table's
 * business). Changed needs call for a review of the version in force, so they may also be recorded
 * while its next version is being written.
 */
export function planAllows(
  plan: { status: PlanStatus; approvedVersion: number | null },
  action: PlanAction,
): boolean {
  if (action === 'needs-changed' && plan.approvedVersion !== null) {
    return plan.status === 'approved' || plan.status === 'draft' || plan.status === 'in-review';
  }
  return actionsByStatus[plan.status].includes(action);
}

/** The card status (and its NDIS status) that keeps the plan's working card in step with the plan. */
export function cardStatusForPlan(status: PlanStatus): {
  status: 'in-progress' | 'pending-review' | 'approved' | 'archived';
  ndisStatus: 'draft' | 'in-review' | 'approved';
} {
  switch (status) {
    case 'draft':
      return { status: 'in-progress', ndisStatus: 'draft' };
    case 'in-review':
      return { status: 'pending-review', ndisStatus: 'in-review' };
    case 'approved':
      return { status: 'approved', ndisStatus: 'approved' };
    default:
      return { status: 'archived', ndisStatus: 'approved' };
  }
}

/** Which engagement deadlines approving a plan of this kind meets: a comprehensive plan meets both. */
export function deadlinesMetByApproval(kind: PlanKind): ('bsp-interim' | 'bsp-comprehensive')[] {
  return kind === 'comprehensive' ? ['bsp-interim', 'bsp-comprehensive'] : ['bsp-interim'];
}
