import { useMutation, useQuery } from '@tanstack/react-query';
import type { ClaimBatch } from '@wattle/domain/invoices/schemas';
import { AlertCircleIcon, CheckCircle2Icon, DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTenantClock } from '@/features/time/use-tenant-clock';
import { ApiError } from '@/lib/http';
import { formatMoment } from '@/lib/org-dates';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import {
  bulkPaymentRequestUrl,
  type ClaimResultsImport,
  claimsQueryOptions,
  uploadClaimResults,
  useInvoiceLive,
} from './api';
import { formatCents, formatInstant } from './invoice-format';

/**
 * Claims (issue 15 part 6): the tenant's claim batches, each with its bulk payment request to
 * download and the portal's results file to upload. What the import did (paid, rejected, unknown
 * references) is shown; a refused file's error is shown as the API words it.
 */
export function ClaimsSection({ tenantId, canManage }: { tenantId: string; canManage: boolean }) {
  const claims = useQuery(claimsQueryOptions(tenantId));
  if (claims.isPending) return <LoadingStatus>Loading claims...</LoadingStatus>;
  if (claims.isError) {
    return (
      <LoadError
        title="Could not load the claims"
        error={claims.error}
        onRetry={() => void claims.refetch()}
      />
    );
  }
  if (claims.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground text-sm">
        No claims yet. Select approved or sent NDIA invoices in the list and choose Export claim.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Claim batches">
      {claims.data.map((batch) => (
        <li key={batch.id}>
          <ClaimBatchCard tenantId={tenantId} batch={batch} canManage={canManage} />
        </li>
      ))}
    </ul>
  );
}

function ClaimBatchCard({
  tenantId,
  batch,
  canManage,
}: {
  tenantId: string;
  batch: ClaimBatch;
  canManage: boolean;
}) {
  const id = useId();
  const refresh = useInvoiceLive(tenantId);
  const { timeZone } = useTenantClock(tenantId);
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadClaimResults(tenantId, batch.id, chosen),
    onSettled: refresh,
  });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4"
      data-testid="claim-batch"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="font-medium">
          {batch.batchNumber}
        </h3>
        <p className="text-muted-foreground text-sm">
          {batch.lineCount} {batch.lineCount === 1 ? 'line' : 'lines'} · {formatCents(batch.totalCents)} ·
          created {formatMoment(batch.createdAt, timeZone)}
          {batch.createdBy ? ` by ${batch.createdBy.name}` : ''}
        </p>
      </div>
      <p className="text-sm">
        {batch.status === 'results-imported'
          ? `Results imported ${formatInstant(batch.resultsImportedAt)}: ${batch.paidLineCount} paid, ${batch.rejectedLineCount} rejected.`
          : 'Waiting for the portal’s results.'}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Button asChild variant="outline" size="sm">
          <a href={bulkPaymentRequestUrl(tenantId, batch.id)} download>
            <DownloadIcon aria-hidden="true" />
            Download bulk payment request
          </a>
        </Button>
        {canManage ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (file) upload.mutate(file);
            }}
          >
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-file`}>Results file ({batch.batchNumber})</Label>
              <Input
                id={`${id}-file`}
                type="file"
                accept=".csv,text/csv"
                className="max-w-72"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  upload.reset();
                }}
              />
            </div>
            <Button type="submit" size="sm" disabled={!file || upload.isPending}>
              {upload.isPending ? 'Importing…' : 'Import results'}
            </Button>
          </form>
        ) : null}
      </div>
      {upload.isSuccess ? <ResultsSummary summary={upload.data} /> : null}
      {upload.isError ? (
        <Alert variant="destructive" data-testid="claim-results-error">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>The results file was not imported</AlertTitle>
          <AlertDescription>
            <p>{upload.error.message}</p>
            {unknownReferencesOf(upload.error).length > 0 ? (
              <p>Unknown references: {unknownReferencesOf(upload.error).join(', ')}</p>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}

/** What the import did: each of the portal's outcomes counted. */
function ResultsSummary({ summary }: { summary: ClaimResultsImport }) {
  return (
    <Alert data-testid="claim-results">
      <CheckCircle2Icon aria-hidden="true" />
      <AlertTitle>Results imported</AlertTitle>
      <AlertDescription>
        {summary.paid} paid, {summary.rejected} rejected, {summary.pending} still pending
        {summary.unchanged > 0 ? `, ${summary.unchanged} already imported before` : ''}.
      </AlertDescription>
    </Alert>
  );
}

/** References of the file that are not in the batch, as the server lists them with its refusal. */
function unknownReferencesOf(error: unknown): string[] {
  const details = error instanceof ApiError ? error.details : undefined;
  const list =
    typeof details === 'object' && details !== null
      ? (details as { unknownReferences?: unknown }).unknownReferences
      : undefined;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}
