import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { participantQueryOptions } from './api';
import { useParticipantAccess } from './participant-access';
import { ParticipantForm } from './participant-form';
import { ParticipantLoadState, ParticipantPageFrame } from './participant-page-parts';

/** /participants/new: the participant form in create mode (spec work section 2). */
export function NewParticipantPage() {
  useDocumentTitle('Add New Participant');
  const access = useParticipantAccess();
  const navigate = useNavigate();
  return (
    <ParticipantPageFrame title="Add New Participant">
      {access.canCreate ? (
        <ParticipantForm
          mode="create"
          access={access}
          onSaved={(participant) =>
            void navigate({ to: '/participants/$participantId', params: { participantId: participant.id } })
          }
          onCancel={() => void navigate({ to: '/participants' })}
        />
      ) : (
        <NotAllowed>You cannot add participants in {access.tenant.name}.</NotAllowed>
      )}
    </ParticipantPageFrame>
  );
}

/** /participants/{id}/edit: the participant form in edit mode. */
export function EditParticipantPage() {
  useDocumentTitle('Edit Participant');
  const { participantId = '' } = useParams({ strict: false });
  const access = useParticipantAccess();
  const navigate = useNavigate();
  const query = useQuery(participantQueryOptions(access.tenant.id, participantId));
  const toView = () => void navigate({ to: '/participants/$participantId', params: { participantId } });

  if (!query.data) {
    return (
      <ParticipantLoadState
        title="Edit Participant"
        error={query.error}
        isPending={query.isPending}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const participant = query.data;
  if (participant.view !== 'full' || !access.canOn('write:participants', participant.teamId)) {
    return (
      <ParticipantPageFrame title="Edit Participant" subtitle={participant.name}>
        <NotAllowed>You can read {participant.name}’s details but not change them.</NotAllowed>
      </ParticipantPageFrame>
    );
  }
  if (participant.archivedAt) {
    return (
      <ParticipantPageFrame title="Edit Participant" subtitle={participant.name}>
        <NotAllowed>This participant is archived. Restore them before making changes.</NotAllowed>
      </ParticipantPageFrame>
    );
  }
  return (
    <ParticipantPageFrame title="Edit Participant" subtitle={participant.name}>
      <ParticipantForm
        // A new form when another participant opens here: its draft and versions are its own.
        key={participant.id}
        mode="edit"
        access={access}
        participant={participant}
        onSaved={toView}
        onCancel={toView}
      />
    </ParticipantPageFrame>
  );
}

function NotAllowed({ children }: { children: ReactNode }) {
  return (
    <Alert>
      <AlertTitle>Not available</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}
