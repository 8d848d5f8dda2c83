// CONTRACT (issue 3, notifications helper fills this in): mounted once in the shell; toasts each newly
// arrived notification with the spec's title, style and duration.
export function NotificationToasts() {
  return null;
}
