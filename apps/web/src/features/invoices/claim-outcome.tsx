import type { ClaimBatch } from '@wattle/domain/invoices/schemas';
import { AlertCircleIcon, DownloadIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { bulkPaymentRequestUrl } from './api';
import { type ClaimProblem, claimProblemText } from './claim-problems';

/**
 * What came of an Export claim, on the detail and the list alike: the batch with its bulk payment
 * request CSV to download, or each invoice's and line's problem when the whole claim was refused.
 */
export function ClaimOutcome({
  tenantId,
  batch,
  problems,
}: {
  tenantId: string;
  batch: ClaimBatch | null;
  problems: readonly ClaimProblem[];
}) {
  return (
    <>
      {batch ? (
        <Alert data-testid="claim-created">
          <DownloadIcon aria-hidden="true" />
          <AlertTitle>Claim {batch.batchNumber} is ready</AlertTitle>
          <AlertDescription>
            <p>
              Upload the bulk payment request to the myplace provider portal, then import the portal's results
              file under Claims.
            </p>
            <a
              href={bulkPaymentRequestUrl(tenantId, batch.id)}
              download
              className="font-medium underline underline-offset-4"
            >
              Download bulk payment request (CSV)
            </a>
          </AlertDescription>
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <Alert variant="destructive" data-testid="claim-problems">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>The claim was not created</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {problems.map((problem) => (
                <li key={claimProblemText(problem)}>{claimProblemText(problem)}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}
