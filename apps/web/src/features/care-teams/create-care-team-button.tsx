import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import type { CareTeamResult } from '@wattle/domain/care-teams/schemas';
import { Loader2Icon, PlusIcon, ShieldAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { useIsFeatureOn } from '@/features/tenants/tenant-features';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { LazyPartBoundary, lazyPart } from '@/ui/lazy-part';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/ui/sheet';
import { toast } from '@/ui/toast';
import { CareTeamCreatedDialog, invitationsToShare } from './care-team-created-dialog';

// The wizard's code (its forms and the template list) loads when it is first opened.
const CreateCareTeamWizard = lazyPart(() => import('./create-care-team-wizard'), 'CreateCareTeamWizard');

function WizardLoading() {
  return (
    <p role="status" className="flex items-center gap-2 p-6 text-muted-foreground text-sm">
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      Loading...
    </p>
  );
}

function createdMessage(result: CareTeamResult): string {
  const added = result.addedMembers.length;
  const invited = result.invitations.length;
  const parts = [`${result.participant.name}'s team is ready.`];
  if (added > 0) parts.push(`${added} ${added === 1 ? 'member' : 'members'} added.`);
  if (invited > 0) {
    const emailed = result.invitations.filter((invitation) => invitation.emailed).length;
    parts.push(
      emailed === invited
        ? `${invited} ${invited === 1 ? 'invitation' : 'invitations'} sent.`
        : `${invited} ${invited === 1 ? 'invitation' : 'invitations'} to share.`,
    );
  }
  return parts.join(' ');
}

/**
 * 'Create Care Team' for those who may create teams (`create:teams`): opens the wizard in a 600 px
 * side drawer (spec work section 2). On success a toast, the drawer closes, any invite links to pass
 * on are shown, and then the new team opens.
 */
export function CreateCareTeamButton() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { role } = useCurrentRole();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [created, setCreated] = useState<CareTeamResult | null>(null);
  // Hidden while the organisation has team management off (the server would refuse it).
  const isTeamManagementOn = useIsFeatureOn('teamManagement');

  if (!can(role, 'create:teams') || !isTeamManagementOn) return null;

  function openTeam(result: CareTeamResult) {
    setCreated(null);
    void navigate({
      to: '/my-teams/$teamSlug/$view',
      params: { teamSlug: result.team.slug, view: 'work-board' },
    });
  }

  function onCreated(result: CareTeamResult) {
    setIsOpen(false);
    toast.success('Care team created', { description: createdMessage(result) });
    if (invitationsToShare(result).length > 0) setCreated(result);
    else openTeam(result);
  }

  return (
    <>
      <Button type="button" onClick={() => setIsOpen(true)}>
        <PlusIcon aria-hidden="true" />
        Create Care Team
      </Button>
      <Sheet open={isOpen} onOpenChange={setIsOpen}>
        <SheetContent
          side="right"
          closeLabel="Close (your entries are kept)"
          className="w-full max-w-[600px] sm:max-w-[600px]"
          data-testid="create-care-team-drawer"
        >
          {!isOpen ? null : me.isVerified ? (
            <LazyPartBoundary fallback={<WizardLoading />}>
              <CreateCareTeamWizard key={me.id} onClose={() => setIsOpen(false)} onCreated={onCreated} />
            </LazyPartBoundary>
          ) : (
            <VerifyFirst onClose={() => setIsOpen(false)} />
          )}
        </SheetContent>
      </Sheet>
      {created ? <CareTeamCreatedDialog result={created} onOpenTeam={() => openTeam(created)} /> : null}
    </>
  );
}

/**
 * The wizard creates a participant, and the server refuses participant records to unverified
 * accounts (403 VERIFICATION_REQUIRED), so an unverified owner is sent to verify first instead of
 * filling in three steps that cannot be saved.
 */
function VerifyFirst({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex flex-col gap-4 px-4 py-4 pr-12 sm:px-6">
      <SheetTitle className="font-semibold text-xl">Create Care Team</SheetTitle>
      <SheetDescription className="sr-only">
        Your account needs verifying before you can create a care team.
      </SheetDescription>
      <Alert>
        <ShieldAlertIcon aria-hidden="true" />
        <AlertTitle>Verify your account first</AlertTitle>
        <AlertDescription>
          <p>
            A care team starts with a participant record, which is health information: it opens once your
            account is verified.
          </p>
          <Button asChild size="sm" variant="outline" className="mt-1">
            <Link to="/verification-required" onClick={onClose}>
              Verify my account
            </Link>
          </Button>
        </AlertDescription>
      </Alert>
    </div>
  );
}
