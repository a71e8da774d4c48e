import {startTransition, useEffect, useState} from 'react';

export type WindowSize = 'desktop' | 'mobile' | 'ssr';

/**
 * Infima's breakpoint between the mobile and the desktop layout, the value theme-common's
 * `useWindowSize` hard-codes too (@docusaurus/theme-common 3.9.2, `hooks/useWindowSize`): a
 * window wider than this is "desktop".
 */
export const DESKTOP_BREAKPOINT = 996;

/**
 * theme-common's `useWindowSize`, with its first answer after hydration given in a transition.
 * Both return "ssr" while the page hydrates (the server's markup holds the desktop sidebar and
 * table of contents; CSS hides them on a phone) and the real size once mounted. The original
 * sets it as an ordinary update, which React renders in one task: on a phone that re-rendered
 * the doc layout and unmounted the server's sidebar in one long task after hydration
 * (bench/README.md, "The doc page on a throttled phone"). In a transition React renders it in
 * slices it yields between. A resize afterwards is an ordinary update, as before.
 */
export function useWindowSizeInTransition(): WindowSize {
  const [windowSize, setWindowSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const update = () =>
      setWindowSize(window.innerWidth > DESKTOP_BREAKPOINT ? 'desktop' : 'mobile');
    startTransition(update);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return windowSize;
}
