import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { ArrowLeftIcon, FileWarningIcon, RefreshCwIcon } from 'lucide-react';
import { Button } from '@/ui/button';
import { ErrorScreen, useReportedErrorId } from './error-screen';

function RouteErrorScreen({ error, routeName }: { error: unknown; routeName: string | undefined }) {
  const router = useRouter();
  const errorId = useReportedErrorId(error);

  const goBack = () => {
    if (router.history.canGoBack()) router.history.back();
    // The page was loaded afresh: the browser's own history may still hold where the user was.
    else if (window.history.length > 1) window.history.back();
    // Opened in a new tab: there is nothing to go back to, so go home.
    else void router.navigate({ href: '/' });
  };

  return (
    <ErrorScreen
      icon={FileWarningIcon}
      iconClassName="bg-amber-50 text-amber-700"
      title={routeName ? `${routeName} Error` : 'Page Error'}
      titleId="route-error-title"
      message="There was a problem loading this page. You can try going back or reloading."
      errorId={errorId}
      actions={
        <>
          <Button variant="outline" onClick={goBack}>
            <ArrowLeftIcon aria-hidden="true" />
            Go Back
          </Button>
          <Button onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden="true" />
            Reload Page
          </Button>
        </>
      }
    />
  );
}

/** The per-route error screen (spec shell section 2): a page failed to load or render. Titled 'Page Error'. */
export function RouteErrorFallback({ error }: ErrorComponentProps) {
  return <RouteErrorScreen error={error} routeName={undefined} />;
}

/**
 * The per-route error screen titled '{route} Error' ('Invoices Error', say), for a route's
 * `errorComponent`.
 */
export function createRouteErrorFallback(routeName: string) {
  return function NamedRouteErrorFallback({ error }: ErrorComponentProps) {
    return <RouteErrorScreen error={error} routeName={routeName} />;
  };
}
