import { HandHeartIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Participants: built in a later release; until then its labelled empty state. */
export function ParticipantsPage() {
  return (
    <PlaceholderPage
      title="Participants"
      icon={HandHeartIcon}
      description="The people your teams support, with their NDIS details, goals and alerts."
    />
  );
}
