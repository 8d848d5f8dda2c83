import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MessagesSquareIcon } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { type Presence, type PresenceTone, parsePresence, presenceLabel, presenceTone } from './presence';

/**
 * Wattle as a Microsoft Teams tab (spec shell sections 1, 2 and 7). @microsoft/teams-js is loaded
 * only when the page is framed, in its own chunk, so visits outside Teams never download it.
 */

type TeamsSdk = typeof import('@microsoft/teams-js');

/** The suite SDK's initialisation timeout (spec shell section 7). */
export const teamsInitialisationTimeoutMs = 60_000;

type TabStatus = 'unknown' | 'inside' | 'outside';
let tabStatus: TabStatus = 'unknown';
let detection: Promise<TeamsSdk | null> | undefined;
const statusListeners = new Set<() => void>();

function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    // A cross-origin parent can refuse even the comparison: that is a frame too.
    return true;
  }
}

async function initialiseTeams(): Promise<TeamsSdk> {
  const sdk = await import('@microsoft/teams-js');
  let timer: number | undefined;
  try {
    await Promise.race([
      sdk.app.initialize(),
      new Promise<never>((_resolve, reject) => {
        timer = window.setTimeout(
          () => reject(new Error('Microsoft Teams did not answer within 60 seconds')),
          teamsInitialisationTimeoutMs,
        );
      }),
    ]);
  } finally {
    window.clearTimeout(timer);
  }
  return sdk;
}

/**
 * Finds out once per page load whether Wattle runs inside a Teams tab: only a framed page can, and
 * it does when teams-js initialises. Resolves with the initialised SDK, or null outside Teams.
 */
export function detectTeamsTab(): Promise<TeamsSdk | null> {
  detection ??= (isFramed() ? initialiseTeams() : Promise.resolve(null))
    .catch((error: unknown) => {
      console.warn('Not running as a Microsoft Teams tab:', error);
      return null;
    })
    .then((sdk) => {
      tabStatus = sdk ? 'inside' : 'outside';
      for (const listener of statusListeners) listener();
      return sdk;
    });
  return detection;
}

function subscribeToTabStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** True once @microsoft/teams-js reports the app runs inside a Microsoft Teams tab. */
export function useIsInTeamsTab(): boolean {
  useEffect(() => {
    void detectTeamsTab();
  }, []);
  return useSyncExternalStore(
    subscribeToTabStatus,
    () => tabStatus === 'inside',
    () => false,
  );
}

/** The Meeting Reviews banner linking to /meeting, shown only inside the Teams tab. */
export function MeetingReviewsBanner() {
  const isInTeamsTab = useIsInTeamsTab();
  if (!isInTeamsTab) return null;
  return (
    <aside
      aria-label="Meeting Reviews"
      className="border-b bg-accent text-accent-foreground"
      data-testid="meeting-reviews-banner"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <MessagesSquareIcon className="size-4 shrink-0" aria-hidden="true" />
        <p className="flex-1">You are using Wattle in Microsoft Teams.</p>
        <Link to="/meeting" className="font-medium underline underline-offset-4 hover:no-underline">
          Open Meeting Reviews
        </Link>
      </div>
    </aside>
  );
}

const graphPresenceUrl = 'https://graph.microsoft.com/v1.0/me/presence';

/** The user's presence from Microsoft Graph, or null when Teams gives no token or Graph refuses it. */
async function fetchPresence(signal: AbortSignal): Promise<Presence | null> {
  const sdk = await detectTeamsTab();
  if (!sdk) return null;
  let token: string;
  try {
    token = await sdk.authentication.getAuthToken({ silent: true });
  } catch {
    return null;
  }
  if (!token) return null;
  const response = await fetch(graphPresenceUrl, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    signal,
  });
  if (!response.ok) return null;
  return parsePresence(await response.json());
}

const toneClasses: Record<PresenceTone, string> = {
  available: 'bg-green-600',
  busy: 'bg-red-600',
  away: 'bg-amber-500',
  offline: 'bg-slate-400',
};

/** The user's Microsoft Graph presence dot, when a Graph token is available; nothing otherwise. */
export function PresenceIndicator() {
  const isInTeamsTab = useIsInTeamsTab();
  const { data: presence } = useQuery({
    queryKey: ['teams-tab', 'presence'],
    queryFn: ({ signal }) => fetchPresence(signal),
    enabled: isInTeamsTab,
    refetchInterval: 60_000,
    retry: false,
  });
  if (!isInTeamsTab || !presence) return null;
  const label = presenceLabel(presence);
  return (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground text-xs" title={label}>
      <span
        className={cn('size-2.5 shrink-0 rounded-full', toneClasses[presenceTone(presence.availability)])}
        aria-hidden="true"
      />
      <span className="sr-only">Microsoft Teams presence: {label}</span>
    </span>
  );
}
