import { VideoIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Meeting Reviews: built in a later release; until then its labelled empty state. */
export function MeetingPage() {
  return (
    <PlaceholderPage
      title="Meeting Reviews"
      icon={VideoIcon}
      description="Reviews of your Microsoft Teams meetings, ready to turn into work items."
    />
  );
}
