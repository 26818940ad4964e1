import { useEffect } from 'react';

/** Each page names itself in the tab title (and for screen-reader users switching pages). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Best Buy Shop`;
  }, [title]);
}
