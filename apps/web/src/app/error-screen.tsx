import type { ClientErrorReport } from '@wattle/domain/client-errors/schemas';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { createErrorId } from '@/lib/error-id';
import { isApiError } from '@/lib/http';

/**
 * What the two error screens (spec shell section 2, "Error screens") share: the layout, an error id
 * from a timestamp and a random string, and the report to the server log that makes "Our team has
 * been notified" true.
 */

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The details Report Bug copies: enough to find the failure in the server log and reproduce it. */
export function errorDetails(errorId: string, error: unknown): string {
  const { message, name, stack } = asError(error);
  return JSON.stringify(
    {
      errorId,
      message,
      name,
      stack,
      url: window.location.href,
      userAgent: navigator.userAgent,
      time: new Date().toISOString(),
    },
    null,
    2,
  );
}

/**
 * Sends the error to the server log (POST /api/client-errors, public, so it works signed out too).
 * A plain fetch rather than the API client: the screen may be up because that client failed. The
 * screen works the same when the report fails.
 */
function reportToServer(errorId: string, error: unknown): void {
  const { message, name, stack } = asError(error);
  const report: ClientErrorReport = {
    errorId,
    name: name.slice(0, 200),
    message: message.slice(0, 2000),
    stack: stack?.slice(0, 8000),
    url: window.location.href.slice(0, 2000),
  };
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * An id for the error on screen, logged to the console and reported to the server once. An API
 * error the server answered is in the server's log already, so only its id is shown.
 */
export function useReportedErrorId(error: unknown): string {
  const [errorId] = useState(createErrorId);
  useEffect(() => {
    console.error(`[${errorId}]`, error);
    if (!(isApiError(error) && error.status > 0)) reportToServer(errorId, error);
  }, [errorId, error]);
  return errorId;
}

export function ErrorScreen({
  icon: Icon,
  iconClassName,
  title,
  titleId,
  message,
  errorId,
  actions,
  status,
  isWholePage = false,
}: {
  icon: LucideIcon;
  iconClassName: string;
  title: string;
  titleId: string;
  message: string;
  errorId: string;
  actions: ReactNode;
  /** A line announced politely below the buttons (the outcome of Report Bug, say). */
  status?: string;
  /** The whole-app screen replaces the page, so it is the main landmark. */
  isWholePage?: boolean;
}) {
  const Frame = isWholePage ? 'main' : 'div';
  return (
    <Frame
      id={isWholePage ? 'main-content' : undefined}
      role={isWholePage ? undefined : 'alert'}
      aria-labelledby={titleId}
      className={cn(
        'flex items-center justify-center p-6',
        isWholePage ? 'min-h-svh bg-surface' : 'min-h-[50svh] flex-1',
      )}
    >
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <div
          className={cn('mx-auto mb-4 flex size-12 items-center justify-center rounded-full', iconClassName)}
        >
          <Icon className="size-6" aria-hidden="true" />
        </div>
        <h1 id={titleId} className="font-semibold text-xl">
          {title}
        </h1>
        <p className="mt-2 text-muted-foreground text-sm">{message}</p>
        <p className="mt-4 text-muted-foreground text-xs">
          Error ID:{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground" data-testid="error-id">
            {errorId}
          </code>
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">{actions}</div>
        {status === undefined ? null : (
          <p role="status" className="mt-4 text-muted-foreground text-sm empty:hidden">
            {status}
          </p>
        )}
      </div>
    </Frame>
  );
}
