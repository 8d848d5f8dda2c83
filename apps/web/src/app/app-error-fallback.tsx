import type { ClientErrorReport } from '@wattle/domain/client-errors/schemas';
import { AlertTriangleIcon, BugIcon, HomeIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { createErrorId } from '@/lib/error-id';
import { Button } from '@/ui/button';

function errorDetails(errorId: string, error: unknown): string {
  const asError = error instanceof Error ? error : new Error(String(error));
  return JSON.stringify(
    {
      errorId,
      message: asError.message,
      name: asError.name,
      stack: asError.stack,
      url: window.location.href,
      userAgent: navigator.userAgent,
      time: new Date().toISOString(),
    },
    null,
    2,
  );
}

/** Sends the error to the server log; the screen works the same if this fails. */
function reportToServer(errorId: string, error: unknown): void {
  const asError = error instanceof Error ? error : new Error(String(error));
  const report: ClientErrorReport = {
    errorId,
    name: asError.name.slice(0, 200),
    message: asError.message.slice(0, 2000),
    stack: asError.stack?.slice(0, 8000),
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
 * The whole-app error screen (spec shell section 2, "Error screens"). It renders outside the router
 * and the providers, so it uses plain links and page reloads only.
 */
export function AppErrorFallback({ error }: { error: unknown }) {
  const [errorId] = useState(createErrorId);
  const [reportStatus, setReportStatus] = useState('');

  useEffect(() => {
    console.error(`[${errorId}]`, error);
    reportToServer(errorId, error);
  }, [errorId, error]);

  const reportBug = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(errorDetails(errorId, error));
      setReportStatus('Error details copied to the clipboard. Paste them into your bug report.');
    } catch {
      window.alert(`Please include this error ID in your bug report: ${errorId}`);
    }
  };

  return (
    <main
      id="main-content"
      className="flex min-h-svh items-center justify-center bg-surface p-6"
      aria-labelledby="app-error-title"
    >
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-destructive">
          <AlertTriangleIcon className="size-6" aria-hidden="true" />
        </div>
        <h1 id="app-error-title" className="font-semibold text-xl">
          Something went wrong
        </h1>
        <p className="mt-2 text-muted-foreground text-sm">
          We're sorry, but something unexpected happened. Our team has been notified.
        </p>
        <p className="mt-4 text-muted-foreground text-xs">
          Error ID:{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">{errorId}</code>
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden="true" />
            Reload Page
          </Button>
          <Button variant="outline" asChild>
            <a href="/">
              <HomeIcon aria-hidden="true" />
              Go Home
            </a>
          </Button>
          <Button variant="outline" onClick={reportBug}>
            <BugIcon aria-hidden="true" />
            Report Bug
          </Button>
        </div>
        <p role="status" className="mt-4 text-muted-foreground text-sm empty:hidden">
          {reportStatus}
        </p>
      </div>
    </main>
  );
}
