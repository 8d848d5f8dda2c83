import { useEffect } from 'react';

/** Sets the page title to '<title> · Wattle' so each screen is announced and bookmarked by name. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Wattle` : 'Wattle';
  }, [title]);
}
