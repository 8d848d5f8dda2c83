import './view-icons.css';

export type ViewIconName = 'grip' | 'calendar' | 'check' | 'alert' | 'move';

/**
 * A small decorative icon of the team views, drawn as one masked box in the text's colour
 * (view-icons.css): a board card or list row is drawn on every scroll frame, and lucide's inline
 * SVGs were most of their elements. Size it with a class (size-3, size-4).
 */
export function ViewIcon({ name, className }: { name: ViewIconName; className: string }) {
  return <span aria-hidden="true" className={`view-icon view-icon-${name} ${className}`} />;
}
