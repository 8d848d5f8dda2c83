import { tenantFeaturesOf } from '@wattle/domain/tenants/features';
import { describe, expect, it } from 'vitest';
import { quickAddItemsFor } from './quick-add-items';

const allOn = tenantFeaturesOf({});
const labels = (...args: Parameters<typeof quickAddItemsFor>) =>
  quickAddItemsFor(...args).map((i) => i.label);

describe('quickAddItemsFor', () => {
  it('offers an owner or admin everything', () => {
    expect(labels('tenant-admin', allOn)).toEqual([
      'New Task',
      'New Incident',
      'New Invoice',
      'New BSP',
      'Add Participant',
    ]);
  });

  it('offers a support worker tasks and incidents, never an invoice, a plan or a participant', () => {
    expect(labels('support-worker', allOn)).toEqual(['New Task', 'New Incident']);
  });

  it('offers a practitioner plans but no invoice, and a team lead no invoice either', () => {
    expect(labels('team-member', allOn)).toEqual(['New Task', 'New Incident', 'New BSP', 'Add Participant']);
    expect(labels('team-admin', allOn)).not.toContain('New Invoice');
  });

  it('offers a family guardian and an auditor nothing', () => {
    expect(labels('viewer', allOn)).toEqual([]);
    expect(labels('auditor', allOn)).toEqual([]);
    expect(labels(null, allOn)).toEqual([]);
  });

  it('leaves out what the organisation has turned off', () => {
    const off = tenantFeaturesOf({ invoiceProcessing: false, participantManagement: false });
    expect(labels('tenant-admin', off)).toEqual(['New Task', 'New Incident', 'New BSP']);
  });
});
