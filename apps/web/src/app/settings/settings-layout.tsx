import { Outlet } from '@tanstack/react-router';
import { SettingsNav } from './settings-nav';

/** /settings and its pages: no app sidebar (spec shell section 2); the settings menu instead. */
export function SettingsLayout() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col md:flex-row">
      <aside className="shrink-0 border-b px-4 py-3 sm:px-6 md:w-60 md:border-b-0 md:py-8 md:pr-0">
        <SettingsNav />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <Outlet />
      </div>
    </div>
  );
}
