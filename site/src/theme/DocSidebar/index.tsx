/**
 * Ejected from @docusaurus/theme-classic 3.9.2 (theme/DocSidebar/index.js); changed lines are
 * marked (CUSTOM). Copyright (c) Facebook, Inc. and its affiliates, MIT licence.
 */
import React, {type ReactNode} from 'react';
// (CUSTOM) The first size after hydration comes in a transition (src/hydration/).
import {useWindowSizeInTransition} from '@site/src/hydration/useWindowSizeInTransition';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import type {Props} from '@theme/DocSidebar';

export default function DocSidebar(props: Props): ReactNode {
  const windowSize = useWindowSizeInTransition(); // (CUSTOM)

  // Desktop sidebar visible on hydration: need SSR rendering
  const shouldRenderSidebarDesktop = windowSize === 'desktop' || windowSize === 'ssr';

  // Mobile sidebar not visible on hydration: can avoid SSR rendering
  const shouldRenderSidebarMobile = windowSize === 'mobile';

  return (
    <>
      {shouldRenderSidebarDesktop && <DocSidebarDesktop {...props} />}
      {shouldRenderSidebarMobile && <DocSidebarMobile {...props} />}
    </>
  );
}
