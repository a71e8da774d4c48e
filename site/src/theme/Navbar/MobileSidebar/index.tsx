/**
 * Ejected from @docusaurus/theme-classic 3.9.2 (theme/Navbar/MobileSidebar/index.js); changed
 * lines are marked (CUSTOM). Copyright (c) Facebook, Inc. and its affiliates, MIT licence.
 */
import React, {useDeferredValue, type ReactNode} from 'react';
import {useLockBodyScroll, useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import NavbarMobileSidebarLayout from '@theme/Navbar/MobileSidebar/Layout';
import NavbarMobileSidebarHeader from '@theme/Navbar/MobileSidebar/Header';
import NavbarMobileSidebarPrimaryMenu from '@theme/Navbar/MobileSidebar/PrimaryMenu';
import NavbarMobileSidebarSecondaryMenu from '@theme/Navbar/MobileSidebar/SecondaryMenu';

export default function NavbarMobileSidebar(): ReactNode {
  const mobileSidebar = useNavbarMobileSidebar();
  useLockBodyScroll(mobileSidebar.shown);
  // (CUSTOM) On a phone the closed menu (every navbar item, and a doc page's sidebar) is first
  // rendered just after hydration, when the window's size is known: a deferred value renders it
  // in slices rather than in one long task (src/theme/README.md, issue 27).
  const shouldRender = useDeferredValue(mobileSidebar.shouldRender);
  if (!shouldRender) {
    return null;
  }
  return (
    <NavbarMobileSidebarLayout
      header={<NavbarMobileSidebarHeader />}
      primaryMenu={<NavbarMobileSidebarPrimaryMenu />}
      secondaryMenu={<NavbarMobileSidebarSecondaryMenu />}
    />
  );
}
