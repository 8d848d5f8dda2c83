import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, FileQuestionIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/http';
import { Button } from '@/ui/button';
import { LoadError, LoadingStatus } from '@/ui/query-status';

/** The frame of the participant pages: the 'Back to Participants' link, the title and actions. */
export function ParticipantPageFrame({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 pt-6 pb-8 sm:px-6">
      <div className="flex flex-col gap-3">
        <Link
          to="/participants"
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-muted-foreground text-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Back to Participants
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
            {subtitle ? <div className="mt-1 text-muted-foreground text-sm">{subtitle}</div> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      </div>
      {children}
    </div>
  );
}

/** Not found, not theirs to see, and "still loading" look the same on every participant page. */
export function ParticipantLoadState({
  title,
  error,
  isPending,
  onRetry,
}: {
  title: string;
  error: Error | null;
  isPending: boolean;
  onRetry: () => void;
}) {
  if (isPending) {
    return (
      <ParticipantPageFrame title={title}>
        <LoadingStatus>Loading participant...</LoadingStatus>
      </ParticipantPageFrame>
    );
  }
  // A malformed id is refused as invalid: for the person it is the same missing participant.
  if (isApiError(error) && (error.status === 404 || error.status === 400)) {
    return (
      <div className="mx-auto grid max-w-md justify-items-center gap-3 px-6 py-16 text-center">
        <FileQuestionIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="font-semibold text-xl">Participant not found</h1>
        <p className="text-muted-foreground text-sm">
          They may belong to a team you are not on, or the link is wrong.
        </p>
        <Button asChild variant="outline">
          <Link to="/participants">Back to Participants</Link>
        </Button>
      </div>
    );
  }
  return (
    <ParticipantPageFrame title={title}>
      <LoadError
        title="Could not load the participant"
        error={error ?? new Error('Unknown error')}
        onRetry={onRetry}
      />
    </ParticipantPageFrame>
  );
}
