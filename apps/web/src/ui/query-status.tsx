import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Button } from './button';

/** A spinner with a short text, announced politely to screen readers, while something loads. */
export function LoadingStatus({ children }: { children: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      {children}
    </p>
  );
}

/** Why something could not be loaded, with a button to ask again. */
export function LoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{error.message}</p>
        <Button variant="outline" size="sm" className="mt-1" onClick={onRetry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
