import { disabledRouteMessage } from '@wattle/domain/favorites/rules';
import { BookmarkIcon, BookmarkXIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { useFavorites } from './use-favorites';

/**
 * The bookmark toggle on breadcrumbs and the card panel (spec shell section 2): adds the page to
 * Favourites or removes it. On a disabled route it stays focusable but inert, and says why (the
 * reason is its description, its tooltip, and the message shown when it is pressed anyway).
 */
export function FavoriteToggle({
  path,
  label,
  iconName,
  className,
}: {
  path: string;
  label: string;
  iconName?: string;
  className?: string;
}) {
  const { isFavorite, canFavorite, toggle, isToggling, isLoading } = useFavorites();
  const reasonId = useId();

  if (!canFavorite(path)) {
    const reason = disabledRouteMessage(path);
    return (
      <>
        <Button
          variant="ghost"
          size="icon"
          className={cn('size-8 cursor-not-allowed text-muted-foreground opacity-60', className)}
          aria-label="Add to favourites"
          aria-disabled="true"
          aria-describedby={reasonId}
          title={reason}
          data-testid="favorite-toggle"
          onClick={() => toggle({ path, label, iconName })}
        >
          <BookmarkXIcon aria-hidden="true" />
        </Button>
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      </>
    );
  }

  const isPressed = isFavorite(path);
  const isBusy = isToggling(path);
  const name = isPressed ? 'Remove from favourites' : 'Add to favourites';
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-8', isPressed ? 'text-primary' : 'text-muted-foreground', className)}
      aria-label={name}
      aria-pressed={isPressed}
      aria-busy={isBusy || undefined}
      title={name}
      data-testid="favorite-toggle"
      // While the list is first loading, whether the page is a favourite is not known yet.
      disabled={isLoading && !isPressed}
      onClick={() => {
        if (!isBusy) toggle({ path, label, iconName });
      }}
    >
      <BookmarkIcon aria-hidden="true" fill={isPressed ? 'currentColor' : 'none'} />
    </Button>
  );
}
