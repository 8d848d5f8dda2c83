import {
  BellIcon,
  BookOpenIcon,
  Building2Icon,
  GlobeIcon,
  LockIcon,
  PlugIcon,
  ServerIcon,
  UserRoundIcon,
} from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/**
 * The settings pages other than Appearance, Templates, Team Management, Team Configuration,
 * Practitioner Settings, Rates and Tax Invoice Settings (spec shell section 2). Tenant, System, Security,
 * Integrations, Documentation and Global are placeholders in the spec itself and say so; the others
 * are built in later releases and say what they will hold.
 */

export function UserSettingsPage() {
  return (
    <PlaceholderPage
      title="User Settings"
      icon={UserRoundIcon}
      description="Your name, contact details and sign-in preferences."
    />
  );
}

export function NotificationSettingsPage() {
  return (
    <PlaceholderPage
      title="Notifications"
      icon={BellIcon}
      description="Which notifications you receive, and how they reach you."
    />
  );
}

function SpecPlaceholder({ title, icon }: Pick<Parameters<typeof PlaceholderPage>[0], 'title' | 'icon'>) {
  return (
    <PlaceholderPage
      title={title}
      icon={icon}
      kind="placeholder"
      description={`This page is a placeholder: ${title} has nothing to change yet.`}
    />
  );
}

export function TenantSettingsPage() {
  return <SpecPlaceholder title="Tenant Settings" icon={Building2Icon} />;
}

export function SystemSettingsPage() {
  return <SpecPlaceholder title="System Settings" icon={ServerIcon} />;
}

export function SecuritySettingsPage() {
  return <SpecPlaceholder title="Security" icon={LockIcon} />;
}

export function IntegrationsSettingsPage() {
  return <SpecPlaceholder title="Integrations" icon={PlugIcon} />;
}

export function DocumentationSettingsPage() {
  return <SpecPlaceholder title="Documentation" icon={BookOpenIcon} />;
}

export function GlobalSettingsPage() {
  return <SpecPlaceholder title="Global Settings" icon={GlobeIcon} />;
}
