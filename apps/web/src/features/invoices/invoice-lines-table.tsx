import { gstCodeLabels, type InvoiceLine } from '@wattle/domain/invoices/schemas';
import { AlertCircleIcon, TriangleAlertIcon } from 'lucide-react';
import { Fragment } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { formatCents, formatPeriod, formatQuantity } from './invoice-format';

const claimStatusLabels: Record<InvoiceLine['claimStatus'], string> = {
  unclaimed: 'Not claimed',
  claimed: 'Claimed',
  paid: 'Paid',
  rejected: 'Rejected',
};

/**
 * An invoice's lines (issue 15 part 3): support item, description, dates, quantity, price, GST and
 * total, where each stands with the NDIA (reference, and the portal's text of a rejection), and the
 * server's problems on each line (errors in red, warnings in amber). A rejected line offers Correct.
 */
export function InvoiceLinesTable({
  lines,
  showClaims,
  onCorrect,
}: {
  lines: InvoiceLine[];
  /** The NDIA pays: show each line's claim. */
  showClaims: boolean;
  /** Correct a rejected line, for those who may (else no button). */
  onCorrect: ((line: InvoiceLine) => void) | null;
}) {
  const columnCount = showClaims ? 9 : 8;
  return (
    <div className="min-w-0 overflow-x-auto rounded-lg border bg-card">
      <table aria-label="Invoice lines" className="w-full text-sm">
        <thead className="border-b bg-muted text-left text-muted-foreground text-xs">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              #
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Support item
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Dates
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Unit price
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              GST code
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              GST
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Total
            </th>
            {showClaims ? (
              <th scope="col" className="px-3 py-2 font-medium">
                Claim
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <Fragment key={line.id}>
              <tr
                className={cn('border-b align-top', line.problems.length > 0 && 'border-b-0')}
                data-testid="invoice-line"
                data-claim-status={line.claimStatus}
              >
                <td className="px-3 py-2 tabular-nums">{line.lineNumber}</td>
                <td className="min-w-56 px-3 py-2">
                  <span className="block font-mono text-xs">{line.supportItemNumber}</span>
                  <span className="block">{line.supportItemName}</span>
                  {line.description ? (
                    <span className="block text-muted-foreground text-xs">{line.description}</span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  {formatPeriod(line.serviceDateFrom, line.serviceDateTo)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {formatQuantity(line.quantity)}
                  {line.unit === 'H' ? ' h' : ''}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(line.unitPriceCents)}</td>
                <td className="whitespace-nowrap px-3 py-2">{gstCodeLabels[line.gstCode]}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(line.gstCents)}</td>
                <td className="px-3 py-2 text-right font-medium tabular-nums">
                  {formatCents(line.totalCents)}
                </td>
                {showClaims ? (
                  <td className="min-w-48 px-3 py-2" data-testid="line-claim">
                    <span
                      className={cn(
                        'block',
                        line.claimStatus === 'rejected' && 'font-medium text-destructive',
                      )}
                    >
                      {claimStatusLabels[line.claimStatus]}
                    </span>
                    {line.claimReference ? (
                      <span className="block break-all font-mono text-muted-foreground text-xs">
                        {line.claimReference}
                      </span>
                    ) : null}
                    {line.claimStatus === 'rejected' && line.claimError ? (
                      <span className="block text-destructive text-xs" data-testid="line-claim-error">
                        {line.claimError}
                      </span>
                    ) : null}
                    {line.claimStatus === 'rejected' && onCorrect ? (
                      <Button
                        size="sm"
                        variant="outline"
                        className="mt-1"
                        onClick={() => onCorrect(line)}
                        aria-label={`Correct line ${line.lineNumber}`}
                      >
                        Correct
                      </Button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
              {line.problems.length > 0 ? (
                <tr className="border-b">
                  <td colSpan={columnCount} className="px-3 pb-2">
                    <ul className="flex flex-col gap-1" aria-label={`Problems on line ${line.lineNumber}`}>
                      {line.problems.map((problem) => (
                        <li
                          key={`${problem.code}-${problem.message}`}
                          className={cn(
                            'flex items-start gap-1.5 rounded-md px-2 py-1 text-xs',
                            problem.severity === 'error'
                              ? 'bg-destructive/10 text-destructive'
                              : 'bg-amber-50 text-amber-900',
                          )}
                          data-testid="line-problem"
                          data-severity={problem.severity}
                        >
                          {problem.severity === 'error' ? (
                            <AlertCircleIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                          ) : (
                            <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                          )}
                          <span>
                            <span className="sr-only">
                              {problem.severity === 'error' ? 'Error: ' : 'Warning: '}
                            </span>
                            {problem.message}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
