import { can, type Permission } from '@wattle/domain/auth/permissions';
import type { Role } from '@wattle/domain/auth/roles';
import type { TenantFeature } from '@wattle/domain/tenants/features';
import type { TenantFeatures } from '@wattle/domain/tenants/schemas';
import type { GlobalModalName } from '@/lib/global-events';

/**
 * What Quick Add offers (spec shell section 2), each item with the permission the server asks for
 * what it creates, so a person is offered only what they may do (issue 18 item 6): New Task needs
 * write:cards (POST /api/cards), New Incident write:incidents, New Invoice manage:invoices (held
 * organisation-wide by owners and admins), New BSP write:plans, Add Participant write:participants.
 * An item whose area the organisation has turned off is left out too (the server refuses it anyway).
 */
/** Time Entry... is offered with the timer, to those who record time. */
export type QuickAddModal = Exclude<GlobalModalName, 'manualTimeEntry'>;

export interface QuickAddItem {
  label: string;
  modal: QuickAddModal;
  permission: Permission;
  feature?: TenantFeature;
}

export const quickAddItems: readonly QuickAddItem[] = [
  { label: 'New Task', modal: 'newTask', permission: 'write:cards' },
  { label: 'New Incident', modal: 'newIncident', permission: 'write:incidents' },
  { label: 'New Invoice', modal: 'taxInvoice', permission: 'manage:invoices', feature: 'invoiceProcessing' },
  { label: 'New BSP', modal: 'newBsp', permission: 'write:plans' },
  {
    label: 'Add Participant',
    modal: 'addParticipant',
    permission: 'write:participants',
    feature: 'participantManagement',
  },
];

/** The items a role may use in an organisation with these features, in the menu's order. */
export function quickAddItemsFor(role: Role | null, features: TenantFeatures): QuickAddItem[] {
  return quickAddItems.filter(
    (item) => can(role, item.permission) && (item.feature === undefined || features[item.feature]),
  );
}
