import {
  BellIcon,
  BookmarkIcon,
  BookOpenIcon,
  CalendarIcon,
  ChartLineIcon,
  ClipboardCheckIcon,
  ClockIcon,
  FileCogIcon,
  FileTextIcon,
  FolderIcon,
  HandHeartIcon,
  InboxIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  ReceiptIcon,
  SettingsIcon,
  SirenIcon,
  SquareKanbanIcon,
  UsersIcon,
  VideoIcon,
} from 'lucide-react';

/**
 * Icons by name, for favourites (which store an `iconName`) and the pages that set one. Names not
 * listed here show the bookmark.
 */
const navIcons: Record<string, LucideIcon> = {
  inbox: InboxIcon,
  dashboard: LayoutDashboardIcon,
  teams: UsersIcon,
  board: SquareKanbanIcon,
  calendar: CalendarIcon,
  invoices: ReceiptIcon,
  approvals: ClipboardCheckIcon,
  timesheet: ClockIcon,
  incidents: SirenIcon,
  files: FolderIcon,
  templates: FileCogIcon,
  analytics: ChartLineIcon,
  handbook: BookOpenIcon,
  documentation: FileTextIcon,
  participants: HandHeartIcon,
  meeting: VideoIcon,
  notifications: BellIcon,
  settings: SettingsIcon,
  bookmark: BookmarkIcon,
};

export function navIcon(name: string | null | undefined): LucideIcon {
  return (name && navIcons[name]) || BookmarkIcon;
}

/** The icon name a page is favourited with, from the first segment of its path. */
export function iconNameForPath(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  const byArea: Record<string, string> = {
    inbox: 'inbox',
    dashboard: 'dashboard',
    teams: 'teams',
    'teams-config': 'teams',
    'my-teams': 'board',
    invoices: 'invoices',
    approvals: 'approvals',
    my: 'invoices',
    timesheet: 'timesheet',
    incidents: 'incidents',
    admin: 'files',
    'templates-rules': 'templates',
    'behavior-analytics': 'analytics',
    handbook: 'handbook',
    documentation: 'documentation',
    participants: 'participants',
    meeting: 'meeting',
    settings: 'settings',
  };
  return byArea[first] ?? 'bookmark';
}
