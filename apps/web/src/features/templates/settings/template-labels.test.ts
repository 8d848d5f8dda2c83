import { findBuiltInTemplate } from '@wattle/domain/templates/built-in-templates';
import { describe, expect, it } from 'vitest';
import {
  daysLabel,
  fieldCountLabel,
  fileSizeLabel,
  lengthBoundsLabel,
  requiredDocumentsLabel,
  requiredRolesLabel,
  reviewCycleLabel,
  signatureRuleLabel,
  witnessLabel,
} from './template-labels';

describe('template labels', () => {
  it('words a review cycle', () => {
    expect(reviewCycleLabel(0)).toBe('No review cycle');
    expect(reviewCycleLabel(180)).toBe('Every 180 days');
    expect(reviewCycleLabel(1)).toBe('Every day');
  });

  it('counts days and fields', () => {
    expect(daysLabel(1)).toBe('1 day');
    expect(daysLabel(21)).toBe('21 days');
    expect(fieldCountLabel(1)).toBe('1 field');
    expect(fieldCountLabel(44)).toBe('44 fields');
  });

  it('words length bounds', () => {
    expect(lengthBoundsLabel({ minLength: 2, maxLength: 100 })).toBe('2–100 characters');
    expect(lengthBoundsLabel({ minLength: 50 })).toBe('At least 50 characters');
    expect(lengthBoundsLabel({ maxLength: 200 })).toBe('At most 200 characters');
    expect(lengthBoundsLabel({ minLength: 0, maxLength: 1 })).toBe('At most 1 character');
    expect(lengthBoundsLabel({ pattern: '^\\d{9}$' })).toBeNull();
    expect(lengthBoundsLabel(undefined)).toBeNull();
  });

  it('sizes files', () => {
    expect(fileSizeLabel(20_971_520)).toBe('20 MB');
    expect(fileSizeLabel(10_485_760)).toBe('10 MB');
    expect(fileSizeLabel(1_572_864)).toBe('1.5 MB');
    expect(fileSizeLabel(2048)).toBe('2 KB');
    expect(fileSizeLabel(1)).toBe('1 byte');
  });

  it('words the comprehensive BSP’s documents, roles and witness as the spec gives them', () => {
    const bsp = findBuiltInTemplate('comprehensive-bsp')!;
    expect(requiredDocumentsLabel(bsp.requiredDocuments)).toMatch(/functional behaviour assessment/i);
    expect(requiredRolesLabel(bsp.requiredRoles)).toBe('Clinician');
    expect(witnessLabel(bsp)).toBe('Witness required');
    expect(reviewCycleLabel(bsp.complianceRules.reviewCycle)).toBe('Every 365 days');

    const debrief = findBuiltInTemplate('debrief-log')!;
    expect(requiredRolesLabel(debrief.requiredRoles)).toBe('Clinician, Support worker');
    expect(requiredDocumentsLabel(debrief.requiredDocuments)).toBe('None');
    expect(witnessLabel(debrief)).toBe('No witness');
    expect(reviewCycleLabel(debrief.complianceRules.reviewCycle)).toBe('No review cycle');
  });

  it('says who signs a signature field', () => {
    expect(signatureRuleLabel({ signer: 'self', requiredRole: 'clinician' })).toBe(
      'Signed by a clinician, in their own name',
    );
    expect(signatureRuleLabel({ signer: 'self' })).toBe('Signed by the person signed in, in their own name');
    expect(signatureRuleLabel({ signer: 'guardian' })).toBe(
      'Signed by a guardian, captured by the person signed in',
    );
  });
});
