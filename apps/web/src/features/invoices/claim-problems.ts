import { ApiError } from '../../lib/http';

/**
 * The problems of a refused claim batch (422 from `POST /api/claims`), each named by its invoice and
 * line when the server says which, so the person can find and fix them. Details the server sends in
 * another shape are shown by their message; a refusal without details by its own message.
 */
export interface ClaimProblem {
  invoice: string | null;
  line: number | null;
  message: string;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : null;

function problemOf(detail: unknown): ClaimProblem | null {
  if (typeof detail === 'string') return { invoice: null, line: null, message: detail };
  if (typeof detail !== 'object' || detail === null) return null;
  const record = detail as Record<string, unknown>;
  const message = text(record.message) ?? text(record.problem) ?? text(record.error);
  if (!message) return null;
  const lineValue = record.lineNumber ?? record.line;
  return {
    invoice: text(record.invoiceNumber) ?? text(record.invoice) ?? text(record.invoiceId),
    line: typeof lineValue === 'number' ? lineValue : null,
    message,
  };
}

export function claimProblemsOf(error: unknown): ClaimProblem[] {
  if (!(error instanceof ApiError)) {
    return [{ invoice: null, line: null, message: error instanceof Error ? error.message : String(error) }];
  }
  const raw = error.details;
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'object' && raw !== null && Array.isArray((raw as { problems?: unknown }).problems)
      ? (raw as { problems: unknown[] }).problems
      : [];
  const problems = list.map(problemOf).filter((problem): problem is ClaimProblem => problem !== null);
  return problems.length > 0 ? problems : [{ invoice: null, line: null, message: error.message }];
}

/** 'INV-00042 line 3: …', 'INV-00042: …' or the message alone. */
export function claimProblemText(problem: ClaimProblem): string {
  const where = [problem.invoice, problem.line === null ? null : `line ${problem.line}`]
    .filter(Boolean)
    .join(' ');
  return where ? `${where}: ${problem.message}` : problem.message;
}
