import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouter } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import type { Card } from '@wattle/domain/cards/schemas';
import { FileQuestionIcon, LockIcon, PencilIcon } from 'lucide-react';
import { type KeyboardEvent, memo, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { CommentThread } from '@/features/comments/comment-thread';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCardTemplateQuery } from '@/features/templates/card-template';
import { useCurrentTenant } from '@/features/tenants/api';
import { isApiError } from '@/lib/http';
import { hasAppPainted, useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { useDrawnAsOnServer } from '@/ui/use-drawn-as-on-server';
import { cardQueryOptions } from './api';
import { CardConflictAlert } from './card-conflict-alert';
import { CardDetailsSidebar } from './card-details-sidebar';
import { CardHeader } from './card-header';
import { type CardView, useCardView } from './use-card-view';
import { useSaveWhileTyping } from './use-save-while-typing';

/**
 * The card detail panel (spec work section 2): the page at /card/{id} and /t/{x}/card/{id} (inline
 * mode, with the Details sidebar). Every change goes through the card's field-save queue.
 */

const TemplateForm = lazyPart(
  () => import('@/features/templates/template-form/template-form'),
  'TemplateForm',
);
// Fetched beside the page's own code and the card, not once the card has arrived (issue 19: a plan
// opened from the board reached its content after three round trips in a row). Once it is at hand
// the form is drawn with the page (lazyPart).
TemplateForm.preload().catch(() => {
  // Shown in place of the form by LazyPartBoundary when it is needed.
});

// The Edit Card panel (and the form library it uses) loads when it is opened (issue 19: the card
// page's JavaScript).
const EditCardPanel = lazyPart(() => import('./edit-card-panel'), 'EditCardPanel');

const textareaClasses =
  'min-h-28 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50';

const maxTitleLength = 200;
const maxDescriptionLength = 5000;

/**
 * The title: a heading that becomes a text box to edit it; saved 2 s after the last keystroke, on
 * Enter and on leaving the box (issue 18: the same timing as every field of the card).
 */
function CardTitle({ card, headingId }: { card: CardView; headingId: string }) {
  const { view, canEdit, change } = card;
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState(view.title);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // The version the user saw when they began typing: someone else's save meanwhile is a conflict.
  const startVersion = useRef(card.card.version);
  const inputId = useId();
  const errorId = useId();

  const stop = () => {
    setIsEditing(false);
    setError(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const commit = () => {
    const title = draft.trim();
    if (title === '') {
      setError('Title is required');
      return;
    }
    change('title', title, { label: 'Title', baseVersion: startVersion.current });
    stop();
  };
  const typed = draft.trim();
  useSaveWhileTyping(isEditing && typed !== '' && typed !== view.title, draft, () =>
    change('title', draft.trim(), { label: 'Title', baseVersion: startVersion.current, toast: false }),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDraft(view.title);
      stop();
    }
  };

  if (isEditing) {
    return (
      <div className="grid gap-1">
        <Label htmlFor={inputId} className="sr-only">
          Title
        </Label>
        <Input
          id={inputId}
          autoFocus
          value={draft}
          maxLength={maxTitleLength}
          className="h-auto py-1.5 font-semibold text-xl"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft.trim() === '') {
              setDraft(view.title);
              stop();
            } else commit();
          }}
        />
        {error ? (
          <p id={errorId} className="text-destructive text-sm">
            {error}
          </p>
        ) : (
          <p className="text-muted-foreground text-xs">Enter to save, Escape to cancel.</p>
        )}
      </div>
    );
  }
  return (
    <div className="flex items-start gap-1">
      <h1 id={headingId} className="min-w-0 break-words font-semibold text-xl leading-snug">
        {view.title}
      </h1>
      {canEdit ? (
        <Button
          ref={editButton}
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 text-muted-foreground"
          aria-label="Edit title"
          title="Edit title"
          onClick={() => {
            startVersion.current = card.card.version;
            setDraft(view.title);
            setIsEditing(true);
          }}
        >
          <PencilIcon aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

/** The plain-text description, saved 2 s after the last keystroke and when the user leaves the box. */
function CardDescription({ card }: { card: CardView }) {
  const { view, canEdit, change } = card;
  const id = useId();
  const [draft, setDraft] = useState(view.description);
  const isEditing = useRef(false);
  const startVersion = useRef(card.card.version);
  useEffect(() => {
    if (!isEditing.current) setDraft(view.description);
  }, [view.description]);
  useSaveWhileTyping(canEdit && draft !== view.description, draft, () =>
    change('description', draft, { label: 'Description', baseVersion: startVersion.current, toast: false }),
  );
  return (
    <section className="paint-apart grid gap-2">
      <Label htmlFor={id} className="font-semibold text-base">
        Description
      </Label>
      <textarea
        id={id}
        className={textareaClasses}
        value={draft}
        maxLength={maxDescriptionLength}
        disabled={!canEdit}
        placeholder={canEdit ? 'What is this work item about?' : undefined}
        onFocus={() => {
          isEditing.current = true;
          startVersion.current = card.card.version;
        }}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          isEditing.current = false;
          change('description', draft, { label: 'Description', baseVersion: startVersion.current });
        }}
      />
    </section>
  );
}

function TemplateSection({
  tenantId,
  card,
  onClose,
}: {
  tenantId: string;
  card: CardView;
  onClose?: () => void;
}) {
  // On the app's first page the form is drawn once the page around it has painted, in slices the
  // browser can interrupt: the card's title, its largest paint, does not wait for every field of a
  // plan (issue 19: the warm largest paint of /card/{id} came after 44 fields' worth of slices). A
  // card opened from another page draws its form at once, as its content.
  const painted = useAfterFirstPaint({ onlyOnAppStart: true });
  const server = card.card;
  if (server.templateId === null) return null;
  if (card.template === null) {
    return (
      <section className="grid gap-2">
        <h2 className="font-semibold text-base">NDIS Template</h2>
        <p className="text-muted-foreground text-sm">
          The template “{server.templateName ?? server.templateId}” is not available to this organisation.
        </p>
      </section>
    );
  }
  return (
    <section className="paint-apart grid grid-cols-[minmax(0,1fr)] gap-2" aria-label="NDIS Template">
      <h2 className="font-semibold text-base">NDIS Template</h2>
      <LazyPartBoundary fallback={<LazyPartLoading />}>
        {painted ? (
          <TemplateForm
            tenantId={tenantId}
            card={server}
            template={card.template}
            variant="panel"
            readOnly={!card.canWrite}
            canExport={can(card.team?.myRole, 'read:cards')}
            onClose={onClose}
          />
        ) : (
          <LazyPartLoading />
        )}
      </LazyPartBoundary>
    </section>
  );
}

/** Title, description, the NDIS template form and comments: the main area of both modes. */
function CardMain({ tenantId, card, onClose }: { tenantId: string; card: CardView; onClose?: () => void }) {
  const headingId = useId();
  // The comments are below the form: drawn once the page has painted.
  const painted = useAfterFirstPaint();
  return (
    <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] content-start gap-6 px-4 py-5 sm:px-6">
      <CardConflictAlert queue={card.queue} template={card.template} nameOf={card.nameOf} />
      {card.canWrite && card.locked ? (
        <Alert>
          <LockIcon aria-hidden="true" />
          <AlertTitle>Locked</AlertTitle>
          <AlertDescription>{card.locked}</AlertDescription>
        </Alert>
      ) : null}
      <CardTitle card={card} headingId={headingId} />
      <CardDescription card={card} />
      <TemplateSection tenantId={tenantId} card={card} onClose={onClose} />
      {painted ? (
        <CommentThread
          tenantId={tenantId}
          cardId={card.card.id}
          teamRole={card.team?.myRole}
          canWriteCard={card.canWrite}
          template={card.template}
        />
      ) : null}
    </div>
  );
}

/**
 * The loaded card's page: header, main area and the collapsible Details sidebar. Memoised: the route
 * component above it draws again whenever the router's or the tenant's state changes, and drawing a
 * plan's whole page again took 80–110 ms at 4× CPU slowdown, as often as three times after it had
 * loaded (issue 19: the card page's blocking time). It draws again when its card or its own queries
 * (useCardView) change.
 */
const CardDetailInline = memo(function CardDetailInline({
  tenantId,
  card,
}: {
  tenantId: string;
  card: Card;
}) {
  const view = useCardView(tenantId, card);
  const [isDetailsOpen, setIsDetailsOpen] = useState(true);
  const [isEditOpen, setIsEditOpen] = useState(false);
  const detailsId = useId();
  const router = useRouter();
  useDocumentTitle(`${view.view.workItemId} ${view.view.title}`);
  return (
    <div className="flex min-h-full flex-col" data-testid="card-detail">
      <CardHeader
        card={view}
        isDetailsOpen={isDetailsOpen}
        onToggleDetails={() => setIsDetailsOpen((open) => !open)}
        detailsId={detailsId}
        onEdit={() => setIsEditOpen(true)}
      />
      <div className="flex flex-1 flex-col lg:flex-row">
        <CardMain tenantId={tenantId} card={view} onClose={() => router.history.back()} />
        {isDetailsOpen ? <CardDetailsSidebar tenantId={tenantId} card={view} id={detailsId} /> : null}
      </div>
      {isEditOpen ? (
        <LazyPartBoundary fallback={<LazyPartLoading />}>
          <EditCardPanel tenantId={tenantId} card={card} open={isEditOpen} onOpenChange={setIsEditOpen} />
        </LazyPartBoundary>
      ) : null}
    </div>
  );
});

/**
 * The other organisations of the user that might hold a card the current one does not: a link
 * copied as /card/{id} names no organisation, so one shared by a colleague elsewhere would
 * otherwise end at 'Card not found'. At most this many are asked, one request each.
 */
const otherTenantsAskedForCard = 10;

function useCardInOtherTenant(cardId: string, enabled: boolean) {
  const { tenant, tenants } = useCurrentTenant();
  const others = enabled ? tenants.filter((t) => t.id !== tenant.id).slice(0, otherTenantsAskedForCard) : [];
  const found = useQueries({
    queries: others.map((t) => ({ ...cardQueryOptions(t.id, cardId), retry: false })),
  });
  const index = found.findIndex((q) => q.isSuccess);
  return {
    isLooking: found.some((q) => q.isPending),
    tenant: index >= 0 ? others[index] : undefined,
  };
}

function CardNotFound({ cardId, isScoped }: { cardId: string; isScoped: boolean }) {
  const { switchTenant } = useCurrentTenant();
  const elsewhere = useCardInOtherTenant(cardId, !isScoped);
  if (elsewhere.tenant) {
    const other = elsewhere.tenant;
    return (
      <div className="mx-auto grid max-w-md justify-items-center gap-3 px-6 py-16 text-center">
        <FileQuestionIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="font-semibold text-xl">This card is in {other.name}</h1>
        <p className="text-muted-foreground text-sm">
          You are working in another organisation. Switch to {other.name} to open it.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => void switchTenant(other.id, { to: `/card/${cardId}` })}>
            Switch to {other.name}
          </Button>
          <Button asChild variant="outline">
            <Link to="/inbox">Back to Inbox</Link>
          </Button>
        </div>
      </div>
    );
  }
  if (elsewhere.isLooking) {
    return (
      <div className="p-6">
        <LoadingStatus>Loading card...</LoadingStatus>
      </div>
    );
  }
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-3 px-6 py-16 text-center">
      <FileQuestionIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-semibold text-xl">Card not found</h1>
      <p className="text-muted-foreground text-sm">
        It may have been deleted, or it belongs to a team you are not on.
      </p>
      <Button asChild variant="outline">
        <Link to="/inbox">Back to Inbox</Link>
      </Button>
    </div>
  );
}

function isNotFound(error: unknown): boolean {
  // A malformed id is refused as invalid: for the person it is the same missing card.
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** A read still on its first asking: the card page waits for it, but not through its retries. */
function isFirstAsking(query: { isLoading: boolean; failureCount: number }): boolean {
  return query.isLoading && query.failureCount === 0;
}

/** /card/{id} and /t/{x}/card/{id}. */
export function CardDetailPage() {
  const { cardId = '', scope } = useParams({ strict: false });
  const { tenant, tenants, switchTenant } = useCurrentTenant();
  // /t/{tenant}/card/{id}: a link into another of the user's organisations switches to it first
  // (with the usual 'Switching to {org}' splash) and then shows the card there.
  const scopedTenant = scope ? tenants.find((t) => t.id === scope || t.slug === scope) : undefined;
  const needsSwitch = !!scopedTenant && scopedTenant.id !== tenant.id;
  useEffect(() => {
    if (needsSwitch && scopedTenant) void switchTenant(scopedTenant.id, { to: window.location.pathname });
  }, [needsSwitch, scopedTenant, switchTenant]);
  const card = useQuery({ ...cardQueryOptions(tenant.id, cardId), enabled: !needsSwitch });
  // The page is drawn once the card, its team and its template have all arrived: drawn as each
  // arrived, a plan's page was drawn whole two or three times over (80–330 ms each at 4x CPU
  // slowdown, issue 19: the card page's blocking time). Only their first asking holds the page back:
  // once one has failed, the page is drawn and says so where it is used while it is asked again.
  const teams = useQuery(teamsQueryOptions(tenant.id));
  const template = useCardTemplateQuery(tenant.id, card.data);
  const isLoading = card.isPending || isFirstAsking(teams) || isFirstAsking(template);
  // Once everything has arrived the page is drawn in the background: React renders a deferred value's
  // change in slices the browser can interrupt, 'Loading card...' staying until it is done. Drawn at
  // once, a plan's page was one task of 100–300 ms at 4x CPU slowdown (issue 19: blocking time). A
  // card already at hand when the page is opened from another page of the app (a second opening from
  // the board) is drawn in the background too: drawn in the click's task, it made the click's
  // interaction 180–300 ms at 4x. On the app's first page it is drawn at once: it is the page's
  // largest paint, which a frame of 'Loading card...' before it would only delay.
  // While React hydrates the server's first paint of this page, as the server drew it: at once.
  const drawnAsOnServer = useDrawnAsOnServer();
  const [drawsInBackground] = useState(() => hasAppPainted() && !drawnAsOnServer);
  const isDrawing = useDeferredValue(isLoading, drawsInBackground ? true : undefined);
  useDocumentTitle(isLoading || isDrawing ? 'Work Item' : card.isError ? 'Card not found' : '');

  if (card.isPending || isLoading || isDrawing) {
    return (
      <div className="p-6">
        <LoadingStatus>Loading card...</LoadingStatus>
      </div>
    );
  }
  if (card.isError) {
    if (isNotFound(card.error)) return <CardNotFound cardId={cardId} isScoped={!!scope} />;
    return (
      <div className="p-6">
        <LoadError title="Could not load the card" error={card.error} onRetry={() => void card.refetch()} />
      </div>
    );
  }
  return <CardDetailInline tenantId={tenant.id} card={card.data} />;
}
