import { Navigate, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIsInTeamsTab } from '@/features/teams-tab/teams-tab';

/**
 * `/` (spec shell section 2): /inbox, or /teams for a user inside the Microsoft Teams tab. Detecting
 * the tab takes a moment (teams-js initialises asynchronously), so a framed page that arrives at `/`
 * before it is known goes to /inbox and is moved on to /teams once the tab is recognised.
 */

let isAwaitingTeamsTab = false;

function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent refuses even the comparison: that is a frame too.
    return true;
  }
}

export function HomeRedirect() {
  const isInTeamsTab = useIsInTeamsTab();
  useEffect(() => {
    if (!isInTeamsTab && isFramed()) isAwaitingTeamsTab = true;
  }, [isInTeamsTab]);
  return <Navigate to={isInTeamsTab ? '/teams' : '/inbox'} replace />;
}

/** In the shell: finishes a `/` visit inside the Teams tab that started before the tab was detected. */
export function useTeamsTabHomeRedirect(): void {
  const isInTeamsTab = useIsInTeamsTab();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  useEffect(() => {
    if (!isAwaitingTeamsTab || pathname === '/') return;
    if (pathname !== '/inbox') {
      // The user has moved on; a late detection must not pull them away.
      isAwaitingTeamsTab = false;
      return;
    }
    if (isInTeamsTab) {
      isAwaitingTeamsTab = false;
      void navigate({ to: '/teams', replace: true });
    }
  }, [isInTeamsTab, pathname, navigate]);
}
