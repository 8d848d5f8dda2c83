import { Building2Icon, LockIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/**
 * The settings pages other than Appearance, Templates, Team Management, Team Configuration,
 * Practitioner Settings, Rates, Tax Invoice Settings, User Settings, Notifications and Documentation
 * (spec shell section 2). Tenant, System, Security, Integrations and Global are placeholders in the
 * spec itself and say so.
 */

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

export function SecuritySettingsPage() {
  return <SpecPlaceholder title="Security" icon={LockIcon} />;
}
