import { useParams } from '@tanstack/react-router';
import { SquareKanbanIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** /card/{id} and /t/{x}/card/{id}: built with the work cards in a later release. */
export function CardDetailPage() {
  const { cardId } = useParams({ strict: false });
  return (
    <PlaceholderPage
      title={cardId ? `Work Item ${cardId}` : 'Work Item'}
      icon={SquareKanbanIcon}
      description="The work item's fields, compliance status, comments and audit trail."
    />
  );
}
