import { ArchiveIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Audit Packs: built in a later release; until then its labelled empty state. */
export function AuditPacksPage() {
  return (
    <PlaceholderPage
      title="Audit Packs"
      icon={ArchiveIcon}
      description="Records gathered for NDIS quality audits, assembled into packs you can export."
    />
  );
}
