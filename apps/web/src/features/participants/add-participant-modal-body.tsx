import { Link, useNavigate } from '@tanstack/react-router';
import { ShieldAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { useParticipantAccess } from './participant-access';
import { ParticipantForm } from './participant-form';

/**
 * Quick Add → Add Participant (spec shell section 2, the `addParticipant` modal, medium): the same
 * participant form in create mode. Once created, the new participant's page opens (which closes
 * the modal); what was typed is kept in this browser if the modal closes before that.
 */
export function AddParticipantModalBody({ onClose }: { onClose: () => void }) {
  const access = useParticipantAccess();
  const navigate = useNavigate();

  if (!access.me.isVerified) {
    return (
      <Alert>
        <ShieldAlertIcon aria-hidden="true" />
        <AlertTitle>Verify your account first</AlertTitle>
        <AlertDescription>
          <p>Participant records are health information: they open once your account is verified.</p>
          <Button asChild size="sm" variant="outline" className="mt-1">
            <Link to="/verification-required" onClick={onClose}>
              Verify my account
            </Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!access.canCreate) {
    return (
      <Alert>
        <AlertTitle>Not available</AlertTitle>
        <AlertDescription>You cannot add participants in {access.tenant.name}.</AlertDescription>
      </Alert>
    );
  }
  return (
    <ParticipantForm
      mode="create"
      layout="modal"
      access={access}
      onSaved={(participant) =>
        void navigate({ to: '/participants/$participantId', params: { participantId: participant.id } })
      }
      onCancel={onClose}
    />
  );
}
