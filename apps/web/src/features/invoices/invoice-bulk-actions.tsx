import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancellationReason } from '@wattle/domain/invoices/bulk-payment-request';
import type { ClaimBatch, InvoiceSummary } from '@wattle/domain/invoices/schemas';
import { useState } from 'react';
import { Button } from '@/ui/button';
import { toast } from '@/ui/toast';
import { createClaim, invoiceQueryOptions, sendInvoice, submitInvoice, useInvoiceLive } from './api';
import { type CancellationLine, type ChosenReasons, cancellationLinesToClaim } from './cancellation-lines';
import { CancellationReasonsDialog } from './cancellation-reasons-dialog';
import { ClaimOutcome } from './claim-outcome';
import { type ClaimProblem, claimProblemsOf } from './claim-problems';
import { bulkAllows } from './invoice-action-rules';

type BulkStep = 'submit' | 'send';

/**
 * Bulk actions on the list's selected rows (issue 15 part 3): Submit, Send and Export claim, each
 * offered only when every selected invoice allows it. Export claim first reads the selected NDIA
 * invoices for short-notice cancellation lines still to claim and asks each one's portal reason. A
 * claim batch offers its bulk payment request CSV at once; a refused one lists each invoice's and
 * line's problems.
 */
export function InvoiceBulkActions({
  tenantId,
  selected,
  onDone,
}: {
  tenantId: string;
  selected: InvoiceSummary[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const refresh = useInvoiceLive(tenantId);
  const [batch, setBatch] = useState<ClaimBatch | null>(null);
  const [problems, setProblems] = useState<ClaimProblem[]>([]);
  const [reasonLines, setReasonLines] = useState<CancellationLine[] | null>(null);
  // The reasons of the last claim tried: a refused claim's dialog opens again with them chosen.
  const [lastReasons, setLastReasons] = useState<ChosenReasons>({});

  const step = useMutation({
    mutationFn: async (action: BulkStep) => {
      const call = action === 'submit' ? submitInvoice : sendInvoice;
      const results = await Promise.allSettled(
        selected.map((invoice) => call(tenantId, invoice.id, invoice.version)),
      );
      return { action, results };
    },
    onSuccess: ({ action, results }) => {
      const failed = results.flatMap((result, index) =>
        result.status === 'rejected'
          ? [`${selected[index]?.invoiceNumber}: ${(result.reason as Error).message}`]
          : [],
      );
      const done = results.length - failed.length;
      const verb = action === 'submit' ? 'submitted' : 'sent';
      if (done > 0) toast.success(`${done} ${done === 1 ? 'invoice' : 'invoices'} ${verb}`);
      if (failed.length > 0) {
        toast.error(`${failed.length} not ${verb}`, { description: failed.join('\n') });
      }
      onDone();
    },
    onSettled: refresh,
  });

  const claim = useMutation({
    mutationFn: (reasons?: Record<string, CancellationReason>) =>
      createClaim(
        tenantId,
        selected.map((invoice) => invoice.id),
        reasons,
      ),
    onMutate: (reasons) => {
      setBatch(null);
      setProblems([]);
      if (reasons) setLastReasons(reasons);
    },
    onSuccess: (created) => {
      setReasonLines(null);
      setLastReasons({});
      setBatch(created);
      toast.success(`Claim ${created.batchNumber} created`, {
        description: `${created.lineCount} ${created.lineCount === 1 ? 'line' : 'lines'}. Download the bulk payment request for the portal.`,
      });
      onDone();
    },
    // The problems show under the toolbar (ClaimOutcome), so the dialog makes way for them.
    onError: (error) => {
      setReasonLines(null);
      setProblems(claimProblemsOf(error));
    },
    onSettled: refresh,
  });

  /**
   * Export claim: the list does not carry lines, so each selected NDIA invoice is read afresh for
   * short-notice cancellations still to claim; those need their portal reason before the claim.
   */
  const prepareClaim = useMutation({
    mutationFn: async () => {
      const ndia = selected.filter((invoice) => invoice.payer.kind === 'ndia');
      if (ndia.length === 0) return [];
      const invoices = await Promise.all(
        ndia.map((invoice) =>
          queryClient.fetchQuery({ ...invoiceQueryOptions(tenantId, invoice.id), staleTime: 0 }),
        ),
      );
      return cancellationLinesToClaim(invoices);
    },
    onMutate: () => {
      setBatch(null);
      setProblems([]);
    },
    onSuccess: (lines) => {
      if (lines.length === 0) claim.mutate(undefined);
      else setReasonLines(lines);
    },
    onError: (error) => setProblems(claimProblemsOf(error)),
  });

  const busy = step.isPending || claim.isPending || prepareClaim.isPending;
  const count = selected.length;

  return (
    <div className="flex flex-col gap-2">
      <div
        className="flex flex-wrap items-center gap-2"
        role="toolbar"
        aria-label="Actions on selected invoices"
      >
        <span className="text-muted-foreground text-sm" role="status">
          {count === 0 ? 'Select invoices for bulk actions' : `${count} selected`}
        </span>
        {bulkAllows(selected, 'submit') ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => step.mutate('submit')}>
            Submit
          </Button>
        ) : null}
        {bulkAllows(selected, 'send') ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => step.mutate('send')}>
            Send
          </Button>
        ) : null}
        {bulkAllows(selected, 'claim') ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => prepareClaim.mutate()}>
            Export claim
          </Button>
        ) : null}
      </div>
      <ClaimOutcome tenantId={tenantId} batch={batch} problems={problems} />
      {reasonLines ? (
        <CancellationReasonsDialog
          lines={reasonLines}
          initial={lastReasons}
          isBusy={claim.isPending}
          onExport={(reasons) => claim.mutate(reasons)}
          onClose={() => setReasonLines(null)}
        />
      ) : null}
    </div>
  );
}
