// CONTRACT (issue 3, favourites helper fills this in): the bookmark toggle on breadcrumbs and the card panel.
export function FavoriteToggle(_props: { path: string; label: string; iconName?: string }) {
  return null;
}
