import { useSuspenseQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import { AlertCircleIcon, ArchiveIcon } from 'lucide-react';
import { meQueryOptions } from '@/features/auth/api';
import { tenantWideRole } from '@/features/participants/participant-access';
import { useCurrentTenant } from '@/features/tenants/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { AuditPackList } from './audit-pack-list';
import { NewAuditPackForm } from './new-audit-pack-form';

/**
 * /audit-packs (issue 16 item 6): build a pack of the evidence for a period and scope, follow its
 * progress, download it. Owners, admins and auditors (read:audit-packs); others are told who can.
 */
export function AuditPacksPage() {
  useDocumentTitle('Audit Packs');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const role = tenantWideRole(me.platformRole, tenant.role);
  const mayBuild = can(role, 'read:audit-packs');
  const timeZone = 'timeZone' in tenant ? (tenant as { timeZone?: string }).timeZone : undefined;

  return (
    <div className="flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <ArchiveIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Audit Packs
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Records gathered for NDIS quality audits, assembled into packs you can download.
        </p>
      </div>
      {mayBuild ? (
        <>
          <NewAuditPackForm tenantId={tenant.id} timeZone={timeZone} />
          <AuditPackList tenantId={tenant.id} />
        </>
      ) : (
        <Alert>
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>Only owners, admins and auditors build audit packs</AlertTitle>
          <AlertDescription>
            Ask an admin of your organisation for a pack of the records you need.
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
