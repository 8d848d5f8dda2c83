// CONTRACT (issue 3, notifications helper fills this in): the Inbox badge in the sidebar.
/** Unread notifications plus pending approvals of the current user in the current tenant. */
export function useUnreadCount(): number {
  return 0;
}
