import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { ArrowLeftIcon, FileWarningIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/ui/button';

/** The per-route error screen (spec shell section 2): a page failed to load or render. */
export function RouteErrorFallback({ error }: ErrorComponentProps) {
  const router = useRouter();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  return (
    <div
      className="flex flex-1 items-center justify-center p-6"
      role="alert"
      aria-labelledby="route-error-title"
    >
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <FileWarningIcon className="size-6" aria-hidden="true" />
        </div>
        <h1 id="route-error-title" className="font-semibold text-xl">
          Page Error
        </h1>
        <p className="mt-2 text-muted-foreground text-sm">
          There was a problem loading this page. You can try going back or reloading.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={() => router.history.back()}>
            <ArrowLeftIcon aria-hidden="true" />
            Go Back
          </Button>
          <Button onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden="true" />
            Reload Page
          </Button>
        </div>
      </div>
    </div>
  );
}
