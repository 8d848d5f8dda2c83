import { useQuery } from '@tanstack/react-query';
import type { AuditPack } from '@wattle/domain/audit-packs/schemas';
import { DownloadIcon } from 'lucide-react';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Progress } from '@/ui/progress';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { auditPackDownloadUrl, auditPacksQueryOptions } from './api';
import { formatPeriod, scopeText, statusText } from './audit-pack-format';

const requestedAt = new Intl.DateTimeFormat('en-AU', { dateStyle: 'short', timeStyle: 'short' });

/** The packs built and being built, newest first: who asked, for what, progress, and the download. */
export function AuditPackList({ tenantId }: { tenantId: string }) {
  const packs = useQuery(auditPacksQueryOptions(tenantId));
  return (
    <SectionCard
      title="Audit packs"
      description="Packs are kept here for everyone who may build them to download."
    >
      {packs.isPending ? (
        <LoadingStatus>Loading audit packs...</LoadingStatus>
      ) : packs.isError ? (
        <LoadError
          title="Could not load the audit packs"
          error={packs.error}
          onRetry={() => void packs.refetch()}
        />
      ) : packs.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No audit packs yet. Choose a period and scope above and build the first.
        </p>
      ) : (
        <ul className="flex flex-col divide-y" aria-label="Audit packs">
          {packs.data.map((pack) => (
            <AuditPackRow key={pack.id} tenantId={tenantId} pack={pack} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function AuditPackRow({ tenantId, pack }: { tenantId: string; pack: AuditPack }) {
  const label = `${scopeText(pack)}, ${formatPeriod(pack)}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4" aria-label={label}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm">{scopeText(pack)}</p>
        <p className="text-muted-foreground text-xs">
          {formatPeriod(pack)} · built by {pack.requestedBy?.name ?? 'Wattle'} on{' '}
          {requestedAt.format(new Date(pack.createdAt))}
        </p>
      </div>
      <div className="flex w-full flex-col gap-1 sm:w-56">
        {pack.status === 'ready' ? (
          <Badge variant="success">{statusText(pack)}</Badge>
        ) : pack.status === 'failed' ? (
          <Badge
            variant="outline"
            className="border-destructive text-destructive"
            title={pack.error ?? undefined}
          >
            {statusText(pack)}
          </Badge>
        ) : (
          <>
            <span className="text-muted-foreground text-xs" aria-live="polite">
              {statusText(pack)}
            </span>
            <Progress value={pack.progress} aria-label={`Building ${label}`} />
          </>
        )}
        {pack.status === 'failed' && pack.error ? (
          <p className="text-destructive text-xs">{pack.error}</p>
        ) : null}
      </div>
      <div className="sm:w-32 sm:text-right">
        {pack.status === 'ready' ? (
          <Button asChild size="sm" variant="outline">
            <a
              href={auditPackDownloadUrl(tenantId, pack.id)}
              download={pack.fileName}
              aria-label={`Download ${label}`}
            >
              <DownloadIcon aria-hidden="true" />
              Download
            </a>
          </Button>
        ) : null}
      </div>
    </li>
  );
}
