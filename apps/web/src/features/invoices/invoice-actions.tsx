import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CancellationReason } from '@wattle/domain/invoices/bulk-payment-request';
import type {
  ClaimBatch,
  CorrectClaimLine,
  Invoice,
  InvoiceLine,
  RecordPayment,
} from '@wattle/domain/invoices/schemas';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { isApiError } from '@/lib/http';
import { Button } from '@/ui/button';
import { toast } from '@/ui/toast';
import {
  approveInvoice,
  correctClaimLine,
  createClaim,
  invoiceKeys,
  invoicePdfUrl,
  recordPayment,
  rejectInvoice,
  sendInvoice,
  submitInvoice,
  useInvoiceLive,
  voidInvoice,
} from './api';
import { type CancellationLine, type ChosenReasons, cancellationLinesToClaim } from './cancellation-lines';
import { CancellationReasonsDialog } from './cancellation-reasons-dialog';
import { ClaimOutcome } from './claim-outcome';
import { type ClaimProblem, claimProblemsOf } from './claim-problems';
import { CorrectLineDialog } from './correct-line-dialog';
import type { InvoiceAccess } from './invoice-access';
import { hasLinesToClaim } from './invoice-action-rules';
import { PaymentDialog } from './payment-dialog';
import { ReasonDialog } from './reason-dialog';

type DialogState =
  | { kind: 'reject' }
  | { kind: 'void' }
  | { kind: 'pay' }
  | { kind: 'correct'; line: InvoiceLine }
  | { kind: 'cancellation-reasons'; lines: CancellationLine[] }
  | null;

/**
 * The actions of an invoice's detail (issue 15 parts 3 and 6), each offered only when the server's
 * read of the invoice lists it in `allowedActions` (its status, the caller's role, the approval rules
 * and the payer decide, in one place on the server): Edit, Submit, Approve, Reject,
 * Send, Void, Record payment, Download PDF, claim (again) and, from the lines, Correct. A 409 (someone
 * else changed the invoice) says so and reads it again; a dialog keeps what was typed on any refusal.
 */
export function useInvoiceActions(tenantId: string, invoice: Invoice, access: InvoiceAccess) {
  const queryClient = useQueryClient();
  const refresh = useInvoiceLive(tenantId);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [batch, setBatch] = useState<ClaimBatch | null>(null);
  const [claimProblems, setClaimProblems] = useState<ClaimProblem[]>([]);
  // The reasons of the last claim tried: a refused claim's dialog opens again with them chosen.
  const [claimReasons, setClaimReasons] = useState<ChosenReasons>({});

  const open = (next: DialogState) => {
    setDialogError(null);
    setDialog(next);
  };

  /** A step's answer: the new invoice goes straight into the cache; a refusal is told. */
  const settle = {
    onSuccess: (updated: Invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(tenantId, invoice.id), updated);
      setDialog(null);
    },
    onError: (error: Error) => {
      if (isApiError(error, 'CONFLICT')) {
        toast.error('Someone else changed this invoice', {
          description: 'It has been read again. Check it and try again.',
        });
      } else if (!dialog) {
        toast.error('That did not work', { description: error.message });
      }
      setDialogError(error.message);
    },
    onSettled: refresh,
  };

  const step = useMutation({
    mutationFn: (action: 'submit' | 'approve' | 'send') => {
      const call = action === 'submit' ? submitInvoice : action === 'approve' ? approveInvoice : sendInvoice;
      return call(tenantId, invoice.id, invoice.version);
    },
    ...settle,
    onSuccess: (updated: Invoice, action: 'submit' | 'approve' | 'send') => {
      settle.onSuccess(updated);
      const words = { submit: 'submitted for approval', approve: 'approved', send: 'sent' } as const;
      toast.success(`${updated.invoiceNumber} ${words[action]}`);
    },
  });
  const reject = useMutation({
    mutationFn: (reason: string) => rejectInvoice(tenantId, invoice.id, { reason, version: invoice.version }),
    ...settle,
  });
  const voidIt = useMutation({
    mutationFn: (reason: string) => voidInvoice(tenantId, invoice.id, { reason, version: invoice.version }),
    ...settle,
  });
  const pay = useMutation({
    mutationFn: ({ payment, key }: { payment: RecordPayment; key: string }) =>
      recordPayment(tenantId, invoice.id, payment, key),
    ...settle,
  });
  const correct = useMutation({
    mutationFn: ({ lineId, correction }: { lineId: string; correction: CorrectClaimLine }) =>
      correctClaimLine(tenantId, invoice.id, lineId, correction),
    ...settle,
  });
  const closeReasons = () =>
    setDialog((current) => (current?.kind === 'cancellation-reasons' ? null : current));
  const claim = useMutation({
    mutationFn: (reasons?: Record<string, CancellationReason>) =>
      createClaim(tenantId, [invoice.id], reasons),
    onMutate: (reasons) => {
      setBatch(null);
      setClaimProblems([]);
      if (reasons) setClaimReasons(reasons);
    },
    onSuccess: (created) => {
      closeReasons();
      setClaimReasons({});
      setBatch(created);
      toast.success(`Claim ${created.batchNumber} created`);
    },
    // The problems show under the action bar (ClaimOutcome), so the dialog makes way for them.
    onError: (error) => {
      closeReasons();
      setClaimProblems(claimProblemsOf(error));
    },
    onSettled: refresh,
  });
  /**
   * Export claim: a short-notice cancellation still to claim needs its portal reason first, asked
   * for in a dialog; without one the claim is made at once.
   */
  const exportClaim = () => {
    const lines = cancellationLinesToClaim([invoice]);
    if (lines.length === 0) claim.mutate(undefined);
    else open({ kind: 'cancellation-reasons', lines });
  };

  const isBusy =
    step.isPending ||
    reject.isPending ||
    voidIt.isPending ||
    pay.isPending ||
    correct.isPending ||
    claim.isPending;
  const allows = (action: Invoice['allowedActions'][number]) => invoice.allowedActions.includes(action);
  const ownSubmission = invoice.submittedBy?.id === access.me.id;

  return {
    dialog,
    dialogError,
    isBusy,
    open,
    close: () => setDialog(null),
    step,
    reject,
    voidIt,
    pay,
    correct,
    claim,
    exportClaim,
    claimReasons,
    batch,
    claimProblems,
    can: {
      edit: allows('edit'),
      submit: allows('submit'),
      // The server decides whether the submitter may approve too (an organisation's only admin may).
      approve: allows('approve'),
      reject: allows('reject'),
      send: allows('send'),
      void: allows('void'),
      pay: allows('pay'),
      claim: allows('claim') && hasLinesToClaim(invoice),
      correct: access.canManage && invoice.status !== 'void',
    },
    ownSubmission,
  };
}

export type InvoiceActions = ReturnType<typeof useInvoiceActions>;

/** The action buttons of the detail's header. */
export function InvoiceActionBar({
  tenantId,
  invoice,
  actions,
}: {
  tenantId: string;
  invoice: Invoice;
  actions: InvoiceActions;
}) {
  const navigate = useNavigate();
  const { can, isBusy } = actions;
  const wasClaimed = invoice.lineItems.some((line) => line.claimReference !== null);
  const editHref = `/invoices/new?invoiceId=${encodeURIComponent(invoice.id)}`;

  return (
    <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Invoice actions">
      {can.edit ? (
        <Button asChild variant="outline">
          <a
            href={editHref}
            onClick={(event) => {
              event.preventDefault();
              void navigate({ href: editHref });
            }}
          >
            Edit
          </a>
        </Button>
      ) : null}
      {can.submit ? (
        <Button disabled={isBusy || invoice.hasErrors} onClick={() => actions.step.mutate('submit')}>
          Submit
        </Button>
      ) : null}
      {can.approve ? (
        <Button disabled={isBusy} onClick={() => actions.step.mutate('approve')}>
          Approve
        </Button>
      ) : null}
      {can.reject ? (
        <Button variant="outline" disabled={isBusy} onClick={() => actions.open({ kind: 'reject' })}>
          Reject
        </Button>
      ) : null}
      {can.send ? (
        <Button disabled={isBusy} onClick={() => actions.step.mutate('send')}>
          Send
        </Button>
      ) : null}
      {can.pay ? (
        <Button disabled={isBusy} onClick={() => actions.open({ kind: 'pay' })}>
          Record payment
        </Button>
      ) : null}
      {can.claim ? (
        <Button variant="outline" disabled={isBusy} onClick={actions.exportClaim}>
          {wasClaimed ? 'Claim again' : 'Export claim'}
        </Button>
      ) : null}
      <Button asChild variant="outline">
        <a href={invoicePdfUrl(tenantId, invoice.id)} download>
          <DownloadIcon aria-hidden="true" />
          Download PDF
        </a>
      </Button>
      {can.void ? (
        <Button
          variant="ghost"
          className="text-destructive"
          disabled={isBusy}
          onClick={() => actions.open({ kind: 'void' })}
        >
          Void
        </Button>
      ) : null}
    </div>
  );
}

/** Notes under the action bar: why Submit or Approve is held back, and a claim's outcome. */
export function InvoiceActionNotes({
  tenantId,
  invoice,
  actions,
}: {
  tenantId: string;
  invoice: Invoice;
  actions: InvoiceActions;
}) {
  return (
    <>
      {actions.can.submit && invoice.hasErrors ? (
        <p className="text-destructive text-sm" role="status">
          Fix the problems on the invoice lines before submitting.
        </p>
      ) : null}
      {invoice.status === 'pending-approval' && actions.ownSubmission && !actions.can.approve ? (
        <p className="text-muted-foreground text-sm">
          You submitted this invoice: another approver decides on it.
        </p>
      ) : null}
      <ClaimOutcome tenantId={tenantId} batch={actions.batch} problems={actions.claimProblems} />
    </>
  );
}

/** The open dialog, if any. */
export function InvoiceActionDialogs({
  tenantId,
  invoice,
  today,
  actions,
}: {
  tenantId: string;
  invoice: Invoice;
  today: string;
  actions: InvoiceActions;
}) {
  const { dialog, dialogError, isBusy, close } = actions;
  if (!dialog) return null;
  if (dialog.kind === 'reject') {
    return (
      <ReasonDialog
        title={`Reject ${invoice.invoiceNumber}`}
        description="It goes back to draft; whoever submitted it sees your reason."
        confirmLabel="Reject invoice"
        isBusy={isBusy}
        error={dialogError}
        onConfirm={(reason) => actions.reject.mutate(reason)}
        onClose={close}
      />
    );
  }
  if (dialog.kind === 'void') {
    return (
      <ReasonDialog
        title={`Void ${invoice.invoiceNumber}`}
        description="A void invoice stays on record with its number; its time entries can be invoiced again."
        confirmLabel="Void invoice"
        isBusy={isBusy}
        error={dialogError}
        onConfirm={(reason) => actions.voidIt.mutate(reason)}
        onClose={close}
      />
    );
  }
  if (dialog.kind === 'cancellation-reasons') {
    return (
      <CancellationReasonsDialog
        lines={dialog.lines}
        initial={actions.claimReasons}
        isBusy={isBusy}
        onExport={(reasons) => actions.claim.mutate(reasons)}
        onClose={close}
      />
    );
  }
  if (dialog.kind === 'pay') {
    return (
      <PaymentDialog
        invoice={invoice}
        today={today}
        isBusy={isBusy}
        error={dialogError}
        onRecord={(payment, key) => actions.pay.mutate({ payment, key })}
        onClose={close}
      />
    );
  }
  return (
    <CorrectLineDialog
      tenantId={tenantId}
      line={dialog.line}
      version={invoice.version}
      isBusy={isBusy}
      error={dialogError}
      onCorrect={(correction) => actions.correct.mutate({ lineId: dialog.line.id, correction })}
      onClose={close}
    />
  );
}
