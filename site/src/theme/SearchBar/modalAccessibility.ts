import {useEffect} from 'react';

/** The element Docusaurus renders the page into; the search dialog is a sibling of it. */
const PAGE_ROOT_ID = '__docusaurus';

/**
 * While the search dialog is open the page behind it is `inert`: nothing there takes focus or
 * a click, and a screen reader's virtual cursor stays in the dialog (DocSearch traps Tab, but
 * leaves the page in the accessibility tree; aria-modal alone is not honoured everywhere).
 */
export function useInertPage(isOpen: boolean): void {
  useEffect(() => {
    const page = document.getElementById(PAGE_ROOT_ID);
    if (!isOpen || !page) return undefined;
    page.inert = true;
    return () => {
      page.inert = false;
    };
  }, [isOpen]);
}

/** Lifts the inert page at once, so the search button can take focus back as the dialog closes. */
export function releasePage(): void {
  const page = document.getElementById(PAGE_ROOT_ID);
  if (page) page.inert = false;
}
