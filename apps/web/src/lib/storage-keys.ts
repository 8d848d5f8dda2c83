/** Every key this app writes to localStorage, in one place (spec shell section 9, "Local storage"). */
export const storageKeys = {
  /** `{ [userId]: tenantId }`: the tenant each user last selected on this browser. */
  selectedTenant: 'wattle.selectedTenant',
  /** `{ ["userId:tenantId"]: Favorite[] }`: the last favourites loaded (at most 30), shown if loading fails. */
  favorites: 'wattle.favorites',
  /** `[{ path, label, iconName? }]`: favourites an older version kept in this browser; migrated once, then removed. */
  legacyFavorites: 'favorites',
  /** Sidebar width in pixels after the user resized it (160–420); absent means the viewport's default. */
  sidebarWidth: 'wattle.sidebarWidth',
  /** `{ favorites?: true, teams?: true, participants?: true, admin?: true }`: sidebar sections the user collapsed. */
  sidebarSections: 'wattle.sidebarSections',
  /** `{ ["tenantId:userId"]: teamSlug }`: the team whose pages each user last opened in each tenant. */
  lastSelectedTeam: 'wattle.lastSelectedTeam',
  /**
   * Prefix of `wattle.saveQueue.<tenantId>.<cardId>`: `{ v: 1, items, savedVersions }`, the changes of a
   * card not yet saved by the field-save queue (features/cards/field-save-queue-core.ts), sent again
   * after a reload; removed once everything is saved.
   */
  saveQueue: 'wattle.saveQueue',
  /**
   * Prefix of `wattle.cardList.workItems.<tenantId>.<teamId>`: `{ savedAt, total, items }`, a team's
   * work items as the team views last loaded them, shown for 24 hours when the server cannot be reached
   * (spec work section 7; features/team-views/offline-work-items.ts).
   */
  cardListCache: 'wattle.cardList',
  /**
   * Prefix of `wattle.formDraft.<tenantId>.<cardId>`: `{ values, baseVersion, savedAt }`, a template
   * form's values not yet saved; removed after a successful save (features/templates/template-form/form-draft.ts).
   */
  formDraft: 'wattle.formDraft',
  /**
   * Prefix of `wattle.commentDraft.<userId>.<tenantId>.<cardId>`: `{ content, mentions, type, isInternal,
   * replyTo, fieldId }`, the comment a person is writing on a card, not yet posted; removed once posted,
   * all of them at sign-out, and everyone else's when someone signs in (features/comments/comment-draft.ts).
   */
  commentDraft: 'wattle.commentDraft',
  /**
   * Prefix of `wattle.participantDraft.<userId>.<tenantId>.<participantId | new>`: `{ v, values, baseVersion,
   * savedAt }`, a participant form (create or edit) not yet saved; removed once saved, all of them at
   * sign-out, and everyone else's when someone signs in (features/participants/participant-draft.ts).
   */
  participantDraft: 'wattle.participantDraft',
  /**
   * `{ ["tenantId:userId"]: timeCodeId }`: the time code each person last saved an entry with, which
   * Quick Add's Start Timer starts with (features/time/last-time-code.ts).
   */
  lastTimeCode: 'wattle.lastTimeCode',
} as const;

/** Reads a JSON value from localStorage; a missing, unreadable or blocked entry gives `undefined`. */
export function readStoredJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Writes a JSON value to localStorage; storage that is full or blocked is ignored. */
export function writeStoredJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full quota: the choice simply is not remembered.
  }
}
