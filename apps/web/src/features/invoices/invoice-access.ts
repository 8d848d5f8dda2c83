import type { Permission } from '@wattle/domain/auth/permissions';
import { canAnywhere, useParticipantAccess } from '@/features/participants/participant-access';

/**
 * What the caller may do with invoices, from the one permission table (DESIGN.md section 5):
 * reading and managing them is tenant-wide (admins, auditors read), approving is also a team lead's
 * on their teams. The server checks every request again (and the amount limit of team leads).
 */
export function useInvoiceAccess() {
  const access = useParticipantAccess();
  const anywhere = (permission: Permission) => canAnywhere(access.teams, access.tenantRole, permission);
  return {
    me: access.me,
    tenant: access.tenant,
    canRead: anywhere('read:invoices'),
    canManage: anywhere('manage:invoices'),
    canApprove: anywhere('approve:invoices'),
    /** May open participants' pages (the detail's participant link). */
    canReadParticipants: anywhere('read:participants'),
  };
}

export type InvoiceAccess = ReturnType<typeof useInvoiceAccess>;
