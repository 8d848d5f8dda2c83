import { AlertTriangleIcon, BugIcon, HomeIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button';
import { ErrorScreen, errorDetails, useReportedErrorId } from './error-screen';

/**
 * The whole-app error screen (spec shell section 2, "Error screens"). It renders outside the router
 * and the providers, so it uses plain links and page reloads only.
 */
export function AppErrorFallback({ error }: { error: unknown }) {
  const errorId = useReportedErrorId(error);
  const [reportStatus, setReportStatus] = useState('');

  const reportBug = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(errorDetails(errorId, error));
      setReportStatus('Error details copied to the clipboard. Paste them into your bug report.');
    } catch {
      // No clipboard (an insecure origin, a denied permission): the id alone finds the server log entry.
      window.alert(`Please include this error ID in your bug report: ${errorId}`);
    }
  };

  return (
    <ErrorScreen
      isWholePage
      icon={AlertTriangleIcon}
      iconClassName="bg-red-50 text-destructive"
      title="Something went wrong"
      titleId="app-error-title"
      message="We're sorry, but something unexpected happened. Our team has been notified."
      errorId={errorId}
      status={reportStatus}
      actions={
        <>
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
        </>
      }
    />
  );
}
