import { describe, expect, it } from 'vitest';
import { cardStatusForPlan, deadlinesMetByApproval, planAllows } from './workflow';

describe('planAllows', () => {
  it('lets a draft be edited, submitted and shared, but not approved', () => {
    const draft = { status: 'draft', approvedVersion: null } as const;
    expect(planAllows(draft, 'edit')).toBe(true);
    expect(planAllows(draft, 'submit')).toBe(true);
    expect(planAllows(draft, 'share')).toBe(true);
    expect(planAllows(draft, 'approve')).toBe(false);
    expect(planAllows(draft, 'new-version')).toBe(false);
  });

  it('decides a plan in review by approval or rejection only; it cannot be edited meanwhile', () => {
    const inReview = { status: 'in-review', approvedVersion: null } as const;
    expect(planAllows(inReview, 'approve')).toBe(true);
    expect(planAllows(inReview, 'reject')).toBe(true);
    expect(planAllows(inReview, 'edit')).toBe(false);
    expect(planAllows(inReview, 'submit')).toBe(false);
  });

  it('never edits an approved plan: it starts a new version', () => {
    const approved = { status: 'approved', approvedVersion: 1 } as const;
    expect(planAllows(approved, 'edit')).toBe(false);
    expect(planAllows(approved, 'new-version')).toBe(true);
    expect(planAllows(approved, 'approve')).toBe(false);
  });

  it('records changed needs only once a version is approved, also while the next one is written', () => {
    expect(planAllows({ status: 'draft', approvedVersion: null }, 'needs-changed')).toBe(false);
    expect(planAllows({ status: 'approved', approvedVersion: 1 }, 'needs-changed')).toBe(true);
    expect(planAllows({ status: 'draft', approvedVersion: 1 }, 'needs-changed')).toBe(true);
    expect(planAllows({ status: 'superseded', approvedVersion: 1 }, 'needs-changed')).toBe(false);
  });

  it('allows nothing on a superseded or archived plan', () => {
    for (const status of ['superseded', 'archived'] as const) {
      for (const action of ['edit', 'submit', 'approve', 'reject', 'new-version', 'share'] as const) {
        expect(planAllows({ status, approvedVersion: 1 }, action)).toBe(false);
      }
    }
  });
});

describe('cardStatusForPlan', () => {
  it('keeps the working card editable only while the plan is a draft', () => {
    expect(cardStatusForPlan('draft')).toEqual({ status: 'in-progress', ndisStatus: 'draft' });
    expect(cardStatusForPlan('in-review')).toEqual({ status: 'pending-review', ndisStatus: 'in-review' });
    expect(cardStatusForPlan('approved')).toEqual({ status: 'approved', ndisStatus: 'approved' });
    expect(cardStatusForPlan('superseded').status).toBe('archived');
  });
});

describe('deadlinesMetByApproval', () => {
  it('meets the interim deadline with an interim plan, and both with a comprehensive one', () => {
    expect(deadlinesMetByApproval('interim')).toEqual(['bsp-interim']);
    expect(deadlinesMetByApproval('comprehensive')).toEqual(['bsp-interim', 'bsp-comprehensive']);
  });
});
