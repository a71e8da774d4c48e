import {startTransition, useEffect, useState, type ReactNode} from 'react';
// The context behind `useIsBrowser()` (@docusaurus/core 3.9.2, `lib/client/browserContext`);
// site/test/browserContextInTransition.test.tsx fails if that module stops being the one
// `useIsBrowser` reads.
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';

/**
 * Docusaurus flips `useIsBrowser()` to true in an effect right after hydration, as an ordinary
 * update: React renders it in one task, without yielding. Every consumer re-renders then (each
 * sidebar category, the colour-mode toggle, the announcement bar, every code block's buttons,
 * the search button's keys), and React walks the whole page's tree to find them. On a phone
 * (Lighthouse's 4× CPU slowdown on a 2-core host) that one task was 140–200 ms, the longest
 * after main.js's own evaluation (bench/README.md, "The doc page on a throttled phone").
 *
 * This provider gives the same context to everything below it and flips it inside
 * `startTransition`: the same render, in slices React yields between (as it hydrated the page).
 * The flip of Docusaurus's own provider above it stops here: React does not propagate a
 * context's change below a nested provider of the same context.
 */
export default function BrowserContextInTransition({
  children,
}: {
  readonly children: ReactNode;
}): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    startTransition(() => setIsBrowser(true));
  }, []);
  return <BrowserContext.Provider value={isBrowser}>{children}</BrowserContext.Provider>;
}
