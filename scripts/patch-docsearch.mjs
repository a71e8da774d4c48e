// Fixes two bugs of @docsearch/react 4.7.0 that the spec's behaviour depends on, in the
// minified modal that Docusaurus loads (`@docsearch/react/modal`). Runs after every install
// (postinstall). Strict: it refuses another version, and every replacement must match exactly
// once, so an upgrade fails loudly instead of silently losing a fix. Idempotent.
//
// 1. "Unable to fetch results": the modal sets status `error` only for Algolia's RetryError,
//    and autocomplete-core then resets every status to `idle` when the request settles, so a
//    failed search shows "No results". Any failed search now keeps the `error` status (a 401
//    after the session ended included) until the next query.
// 2. "See all N results": nbHits was added to the previous keystroke's total. It is now the sum
//    over the current response only.
// 3. The spec caps the query at 64 characters, in the input and for selected page text used as
//    the initial query (DocSearch 3's MAX_QUERY_SIZE); 4.7.0 uses 512 for both.
// 4. Ask AI: the modal's base URL (chat, `/token` and `/feedback` under it) is hard-coded to
//    Algolia's host, which would send the reader's questions outside the gate. It becomes the
//    same-origin `/__askai/chat`, answered by the gate (server/src/askai); so does the staging
//    host that the `useStagingEnv` option would pick.
// 5. Start screen: with no recent or favorite searches 4.7.0 renders no dropdown at all; the
//    spec's start screen says "No recent searches" (DocSearch 3's StartScreen).
// 6. No-results screen: "Try searching for" never appeared, because 4.7.0 merges the
//    suggestions into an object (`{...[], ...keys}`) whose `length` is undefined. They are an
//    array again, and the search endpoint's own `suggestions` (search/src/suggestions.ts: page
//    titles for the nearest handbook words) come first. The screen also gets the results
//    footer, which links to the search page for the query.
// 7. Footer: "Powered by Algolia" linked to algolia.com although no Algolia service is
//    involved; the credit is removed.
// 8. Ask AI feedback: after a thumbs-down the answer's footer holds an empty element naming the
//    answer (`data-message-id`), where the site's SearchBar renders the optional comment form
//    (site/src/insights/AskAiComment), sent to the gate's reader insights.
//
// Bundlers cache node_modules by package version (rspack's persistent cache does), so when the
// file changes the site's bundler cache is cleared too.
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

// Resolved from the site, so this is exactly the file Docusaurus bundles.
const siteRequire = createRequire(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site/package.json'),
);
const EXPECTED_VERSION = '4.7.0';
const MARKER = '/* studio-handbook: patched */';

export const REPLACEMENTS = [
  {
    name: 'keep the error status for any failed search',
    from: '"RetryError"===(g=e.v).name&&a("error")',
    to: '(g=e.v,a("error"))',
  },
  {
    name: 'do not reset an error status to idle when the request settles',
    from: '.finally(function(){p("idle"),Ft&&u.environment.clearTimeout(Ft)})',
    to: '.finally(function(){"error"!==o.getState().status&&p("idle"),Ft&&u.environment.clearTimeout(Ft)})',
  },
  {
    name: 'count the hits of the current response only',
    from: 'if(i){var s=r.context.nbHits;u({nbHits:(null!=s?s:0)+i})}',
    to: 'u({nbHits:y.reduce(function(s,t){return s+(t.nbHits||0)},0)});',
  },
  {
    name: 'cap the query input at 64 characters',
    from: 'autoFocus:o.autoFocus,maxLength:512}',
    to: 'autoFocus:o.autoFocus,maxLength:64}',
  },
  {
    name: 'Ask AI talks to the gate on this origin, never to Algolia',
    from: 'un="https://askai.algolia.com/chat"',
    to: 'un="/__askai/chat"',
  },
  {
    name: 'the staging Ask AI host is this origin too',
    from: 'an="https://beta-chat-askai.algolia.com"',
    to: 'an="/__askai/chat"',
  },
  {
    name: 'open the dropdown on an empty start screen',
    from: '||J||(ft=!1)',
    to: '||J||N&&(ft=!1)',
  },
  {
    name: 'say "No recent searches" on an empty start screen',
    from: 'y=void 0===D?"Remove this conversation from history":D;return e.createElement("div",{className:"DocSearch-Dropdown-Container"}',
    to: 'y=void 0===D?"Remove this conversation from history":D;return u.hasCollections||u.disableUserPersonalization?e.createElement("div",{className:"DocSearch-Dropdown-Container"}',
  },
  {
    name: 'the empty start screen itself',
    from: 'u.conversations.remove(n),u.refresh()}},e.createElement(hn,null)))}})))}',
    to: 'u.conversations.remove(n),u.refresh()}},e.createElement(hn,null)))}}))):e.createElement("div",{className:"DocSearch-StartScreen"},e.createElement("div",{className:"DocSearch-Screen-Icon"},e.createElement(pn,null)),e.createElement("p",{className:"DocSearch-Title"},r.noRecentSearchesText||"No recent searches"),e.createElement("p",{className:"DocSearch-Help"},"Pages you open from search are listed here."))}',
  },
  {
    name: "keep the suggestions an array, the search endpoint's first",
    from: 'r.context.searchSuggestions.length<Object.keys(o).length&&u({searchSuggestions:k(k({},null!==(t=r.context.searchSuggestions)&&void 0!==t?t:[]),Object.keys(o))});',
    to: 'u({searchSuggestions:Array.isArray(n.suggestions)?n.suggestions.slice(0,3):r.context.searchSuggestions.length<Object.keys(o).length?Object.keys(o):r.context.searchSuggestions});',
  },
  {
    name: 'link the no-results screen to the search page',
    from: '[]))),u.getMissingResultsUrl&&',
    to: '[]))),e.createElement("div",{className:"DocSearch-NoResults-SearchPage"},e.createElement(u.resultsFooterComponent,{state:u.state})),u.getMissingResultsUrl&&',
  },
  {
    name: 'no "See all" footer above the no-results screen, which links to the search page itself',
    from: 'u.resultsFooterComponent&&e.createElement("section",{className:"DocSearch-HitsFooter"}',
    to: 'u.resultsFooterComponent&&u.state.context.nbHits>0&&e.createElement("section",{className:"DocSearch-HitsFooter"}',
  },
  {
    name: 'no "Powered by Algolia" credit',
    from: 'e.createElement("div",{className:"DocSearch-Logo"},e.createElement(on,{translations:{poweredByText:k}}))',
    to: 'e.createElement("div",{className:"DocSearch-Logo"})',
  },
  {
    name: 'a place for a comment under an answer voted down',
    from: 'return navigator.clipboard.writeText(u)}})):null}function Du(',
    to: 'return navigator.clipboard.writeText(u)}}),"dislike"===l&&e.createElement("div",{className:"DocSearch-AskAiScreen-FeedbackComment","data-message-id":n})):null}function Du(',
  },
  {
    name: 'cut selected page text to 64 characters for the initial query',
    from: 'window.getSelection().toString().slice(0,512)',
    to: 'window.getSelection().toString().slice(0,64)',
  },
];

export function modalFile() {
  return siteRequire.resolve('@docsearch/react/modal');
}

function installedVersion() {
  const packageJson = path.resolve(path.dirname(modalFile()), '../../package.json');
  return JSON.parse(readFileSync(packageJson, 'utf8')).version;
}

export function patch(source) {
  let patched = source;
  for (const {name, from, to} of REPLACEMENTS) {
    const count = patched.split(from).length - 1;
    // A fix already applied by an earlier run (the file keeps its marker) is left as it is.
    if (count === 0 && patched.startsWith(MARKER) && patched.includes(to)) continue;
    if (count !== 1)
      throw new Error(`@docsearch/react patch "${name}": expected 1 match, found ${count}`);
    patched = patched.replace(from, () => to);
  }
  return patched.startsWith(MARKER) ? patched : `${MARKER}${patched}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const version = installedVersion();
  if (version !== EXPECTED_VERSION) {
    throw new Error(
      `scripts/patch-docsearch.mjs fixes @docsearch/react ${EXPECTED_VERSION}, found ${version}: review the fixes for this version`,
    );
  }
  const file = modalFile();
  const source = readFileSync(file, 'utf8');
  const patched = patch(source);
  if (patched !== source) {
    writeFileSync(file, patched);
    rmSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site/node_modules/.cache'),
      {recursive: true, force: true},
    );
  }
  console.log(
    `@docsearch/react ${version}: ${patched === source ? 'already patched' : 'patched'} (${REPLACEMENTS.length} fixes)`,
  );
}
