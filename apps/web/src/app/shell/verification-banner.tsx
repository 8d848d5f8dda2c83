import { Link, useRouterState } from '@tanstack/react-router';
import { ShieldAlertIcon } from 'lucide-react';

/** Tells an unverified user why participant records stay closed, and where to verify. */
export function VerificationBanner() {
  const href = useRouterState({ select: (state) => state.location.href });
  return (
    <div className="border-amber-200 border-b bg-amber-50 text-amber-950">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <ShieldAlertIcon className="size-4 shrink-0" aria-hidden="true" />
        <p className="flex-1">Your account is not verified yet. Participant records open once it is.</p>
        <Link
          to="/verification-required"
          search={{ redirect: href }}
          className="font-medium underline underline-offset-4 hover:no-underline"
        >
          Verify account
        </Link>
      </div>
    </div>
  );
}
