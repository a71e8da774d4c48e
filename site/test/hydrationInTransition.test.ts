import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {DESKTOP_BREAKPOINT} from '../src/hydration/useWindowSizeInTransition';

/**
 * site/src/hydration/ stands in for two pieces of Docusaurus 3.9.2 it cannot wrap: the context
 * behind `useIsBrowser()` (provided again below the site's root) and theme-common's
 * `useWindowSize` (copied, with its first answer in a transition). Both are only right while
 * Docusaurus is the version they were read from; these checks fail on an upgrade that moves them.
 */
const read = (file: string) => readFileSync(file, 'utf8');
const modules = fileURLToPath(new URL('../../node_modules/@docusaurus/', import.meta.url));
const core = path.join(modules, 'core');
const themeCommon = path.join(modules, 'theme-common');

describe("the site's hydration in transitions", () => {
  it('provides the very context `useIsBrowser()` reads, from the Docusaurus version it was written for', () => {
    const version = (JSON.parse(read(path.join(core, 'package.json'))) as {version: string})
      .version;
    expect(version).toBe('3.9.2');
    expect(read(path.join(core, 'lib/client/exports/useIsBrowser.js'))).toMatch(
      /import \{ Context \} from '\.\.\/browserContext';[\s\S]*useContext\(Context\)/,
    );
    expect(read(path.join(core, 'lib/client/browserContext.js'))).toContain(
      'export const Context = React.createContext(false);',
    );
    // Docusaurus's own provider sits above the site's Root, so the site's one is nearer.
    expect(read(path.join(core, 'lib/client/App.js'))).toMatch(/<BrowserContextProvider>\s*<Root>/);
  });

  it("uses theme-common's breakpoint and starting value for the window size", () => {
    const original = read(path.join(themeCommon, 'lib/hooks/useWindowSize.js'));
    expect(original).toContain(`const DesktopBreakpoint = ${DESKTOP_BREAKPOINT};`);
    expect(original).toMatch(/useState\(\(\) =>\s*(\/\/.*\s*)*'ssr'\)/);
    expect(original).toContain('window.innerWidth > desktopBreakpoint');
  });
});
