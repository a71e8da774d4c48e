import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

const require = createRequire(import.meta.url);

/** Set to "true" in the server (pre-rendering) bundle only: see src/theme/CodeBlock/Content. */
export const SERVER_BUNDLE_FLAG = 'process.env.HANDBOOK_SERVER_BUNDLE';

/**
 * theme-classic registers the handbook's Prism languages in a client module, which puts Prism
 * (prism-react-renderer with its languages, a fifth of the main chunk) in front of every page's
 * hydration (issue 14). src/theme/CodeBlock/Content loads Prism as a chunk of its own in the
 * browser and registers the languages there (HighlightedLines.tsx), so the client module is
 * replaced by an empty one. The server bundle renders the highlighted lines directly (a lazy
 * component would be pre-rendered as its fallback plus a script that swaps the content in), so
 * it gets a flag that the browser bundle's dead-code elimination reads as false.
 */
export default function lazyPrism(): Plugin {
  const clientModule = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages');
  return {
    name: 'lazy-prism',
    configureWebpack(_config, isServer, {currentBundler}) {
      return {
        resolve: {alias: {[`${clientModule.replace(/\.js$/, '')}$`]: false}},
        plugins: [
          new currentBundler.instance.DefinePlugin({
            [SERVER_BUNDLE_FLAG]: JSON.stringify(String(isServer)),
          }),
        ],
      };
    },
  };
}
