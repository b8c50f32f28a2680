import { useEffect } from 'react';

/** Sets the browser tab title; build the text with core's `pageTitle`. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
