import { FolderIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** File Storage: built in a later release; until then its labelled empty state. */
export function AdminFilesPage() {
  return (
    <PlaceholderPage
      title="File Storage"
      icon={FolderIcon}
      description="Files uploaded in this organisation, with their size, owner and the records they belong to."
    />
  );
}
