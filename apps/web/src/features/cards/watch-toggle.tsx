import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardWatching } from '@wattle/domain/cards/watch-schemas';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useCurrentTenant } from '@/features/tenants/api';
import { http } from '@/lib/http';
import { Button } from '@/ui/button';
import { toast } from '@/ui/toast';

/**
 * Watch or stop watching a card (issue 18): a watcher is told in the inbox of the card's new
 * comments. The button says what it does next; its pressed state says whether the person watches.
 */

const watchPath = (cardId: string) => `/api/cards/${encodeURIComponent(cardId)}/watch`;

const watchQuery = (tenantId: string, cardId: string) =>
  queryOptions({
    queryKey: ['cards', tenantId, 'watch', cardId] as const,
    queryFn: ({ signal }) => http<CardWatching>(watchPath(cardId), { tenantId, signal }),
  });

export function WatchToggle({ cardId }: { cardId: string }) {
  const { tenant } = useCurrentTenant();
  const queryClient = useQueryClient();
  const query = watchQuery(tenant.id, cardId);
  const watching = useQuery(query);
  const change = useMutation({
    mutationFn: (watch: boolean) =>
      http<CardWatching>(watchPath(cardId), { method: watch ? 'PUT' : 'DELETE', tenantId: tenant.id }),
    onSuccess: (answer) => {
      queryClient.setQueryData(query.queryKey, answer);
      toast.success(
        answer.watching ? 'Watching: new comments will reach your inbox' : 'Stopped watching this card',
      );
    },
    onError: (error) =>
      toast.error('Could not change watching', {
        description: error instanceof Error ? error.message : 'Please try again.',
      }),
  });

  if (!watching.data) return null;
  const { watching: isWatching, watchers } = watching.data;
  const others = watchers - (isWatching ? 1 : 0);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-8 px-2 text-muted-foreground"
      aria-pressed={isWatching}
      disabled={change.isPending}
      onClick={() => change.mutate(!isWatching)}
      title={
        others > 0
          ? `${others} other ${others === 1 ? 'person watches' : 'people watch'} this card`
          : undefined
      }
      data-testid="watch-toggle"
    >
      {isWatching ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
      {isWatching ? 'Unwatch' : 'Watch'}
    </Button>
  );
}
