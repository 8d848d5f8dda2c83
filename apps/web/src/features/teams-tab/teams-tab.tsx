// CONTRACT (issue 3, collaboration-suite helper fills this in).

/** True once @microsoft/teams-js reports the app runs inside a Microsoft Teams tab. */
export function useIsInTeamsTab(): boolean {
  return false;
}

/** The Meeting Reviews banner linking to /meeting, shown only inside the Teams tab. */
export function MeetingReviewsBanner() {
  return null;
}

/** The user's Microsoft Graph presence dot, when a Graph token is available; nothing otherwise. */
export function PresenceIndicator() {
  return null;
}
