import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {DESKTOP_BREAKPOINT} from '../src/hydration/useWindowSizeInTransition';

/**
 * site/src/hydration/ stands in for a piece of Docusaurus 3.9.2 the site cannot wrap:
 * theme-common's `useWindowSize` (copied, with its first answer in a transition). It is only
 * right while theme-common is the version it was read from; this check fails on an upgrade that
 * changes it. So does the ejected `Navbar/MobileSidebar`, whose one change defers the value it
 * reads from theme-classic's original.
 */
const read = (file: string) => readFileSync(file, 'utf8');
const modules = fileURLToPath(new URL('../../node_modules/@docusaurus/', import.meta.url));
const themeCommon = path.join(modules, 'theme-common');
const themeClassic = path.join(modules, 'theme-classic');
const site = fileURLToPath(new URL('..', import.meta.url));

describe("the site's hydration in transitions", () => {
  it("uses theme-common's breakpoint and starting value for the window size", () => {
    const {version} = JSON.parse(read(path.join(themeCommon, 'package.json'))) as {
      version: string;
    };
    expect(version).toBe('3.9.2');
    const original = read(path.join(themeCommon, 'lib/hooks/useWindowSize.js'));
    expect(original).toContain(`const DesktopBreakpoint = ${DESKTOP_BREAKPOINT};`);
    expect(original).toMatch(/useState\(\(\) =>\s*(\/\/.*\s*)*'ssr'\)/);
    expect(original).toContain('window.innerWidth > desktopBreakpoint');
  });

  it("defers the phone menu's first render, and is theme-classic's menu otherwise", () => {
    const {version} = JSON.parse(read(path.join(themeClassic, 'package.json'))) as {
      version: string;
    };
    expect(version).toBe('3.9.2');
    const original = read(path.join(themeClassic, 'lib/theme/Navbar/MobileSidebar/index.js'));
    const ejected = read(path.join(site, 'src/theme/Navbar/MobileSidebar/index.tsx'));
    // The original renders nothing until theme-common says a phone's menu should be there...
    expect(original).toContain('if (!mobileSidebar.shouldRender) {');
    expect(original).toContain('useLockBodyScroll(mobileSidebar.shown);');
    // ...the copy reads that through useDeferredValue and renders the same three parts.
    expect(ejected).toContain('useDeferredValue(mobileSidebar.shouldRender)');
    expect(ejected).toContain('useLockBodyScroll(mobileSidebar.shown);');
    for (const part of [
      'NavbarMobileSidebarHeader',
      'NavbarMobileSidebarPrimaryMenu',
      'NavbarMobileSidebarSecondaryMenu',
    ])
      expect(ejected.match(new RegExp(`<${part} />`, 'g'))?.length).toBe(
        original.match(new RegExp(`<${part} />`, 'g'))?.length,
      );
  });
});
