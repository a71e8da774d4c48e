// Fixes bugs of @docsearch/react 4.7.0 that the spec's behaviour and WCAG 2.2 AA depend on, in
// the minified modal and search button that Docusaurus loads (`@docsearch/react/modal`,
// `@docsearch/react/button`). Runs after every install
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
// 9. Accessibility (issue 31; WCAG 2.2 AA, checked by axe-core in e2e/test/accessibility.test.ts):
//    - the modal is a `dialog` (aria-modal, named); its backdrop was a focusable `button`
//      wrapping the whole dialog (nested-interactive, a name that is not its text);
//    - a hit row's `option` contained a link (nested-interactive): the option is the link
//      itself now (the row is `role="none"`, the link gets the autocomplete item props and
//      leaves the Tab order, as options of a combobox do), and a recent search's buttons sit
//      beside the option instead of inside it;
//    - in Ask AI, the question input pointed `aria-activedescendant`/`aria-controls` at the
//      search lists, which are not on screen; the "more" menu button and the stop button had
//      no name; the menu now says whether it is open and closes on Escape; the footer's "Close"
//      hint was a span with an aria-label (prohibited on a span, and read as "Escape key");
//    - Tab: the focus trap listed the dialog's controls once, when it opened (the empty start
//      screen), so Tab went from the close button back to the query and never reached an
//      answer's links, its feedback buttons or the no-results suggestions; it now takes the
//      controls on screen at each press;
//    - focus: while an answer streams the input is hidden, so focus moves to the stop button
//      instead of falling to the page, and back to the input when the answer is complete
//      (DocSearch's own) or the reader goes back to search;
//    - a polite status region in the dialog, which site/src/theme/SearchBar fills with an
//      answer once it is complete (never token by token);
//    - the search button shows "Search Ctrl K" but was named "Search (Control+k)", which
//      does not contain what it shows (WCAG 2.5.3 Label in Name): its name is now its text,
//      with spaces between the words (the shortcut stays in aria-keyshortcuts).
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

/** The modal's fixes (`@docsearch/react/modal`). */
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
  {
    name: 'the modal is a named dialog, its backdrop no button',
    from: 'e.createElement("div",F({ref:pe},ot({"aria-expanded":!0}),{className:["DocSearch","DocSearch-Container","stalled"===ce.status&&"DocSearch-Container--Stalled","error"===ce.status&&"DocSearch-Container--Errored"].filter(Boolean).join(" "),role:"button",tabIndex:0,onMouseDown:function(e){e.target===e.currentTarget&&v()}}),e.createElement("div",{className:"DocSearch-Modal",ref:he},',
    to: 'e.createElement("div",{ref:pe,className:["DocSearch","DocSearch-Container","stalled"===ce.status&&"DocSearch-Container--Stalled","error"===ce.status&&"DocSearch-Container--Errored"].filter(Boolean).join(" "),onMouseDown:function(e){e.target===e.currentTarget&&v()}},e.createElement("div",{className:"DocSearch-Modal",ref:he,role:"dialog","aria-modal":"true","aria-label":J?"Ask AI":"Search"},',
  },
  {
    name: 'a hit row is no option: its link is',
    from: 'return e.createElement("li",F({className:["DocSearch-Hit",n.__docsearch_parent&&"DocSearch-Hit--Child"].filter(Boolean).join(" ")},i({item:n,source:s.source,onClick:function(e){o(n,e)}})),e.createElement(c,{hit:n},',
    to: 'return e.createElement("li",{className:["DocSearch-Hit",n.__docsearch_parent&&"DocSearch-Hit--Child"].filter(Boolean).join(" "),role:"none"},e.createElement(c,{hit:n,itemProps:i({item:n,source:s.source,onClick:function(e){o(n,e)}})},',
  },
  {
    name: "a hit row's buttons beside its option, not inside it",
    from: 'attribute:"hierarchy.lvl1"})),a({item:n}))))}function xu(',
    to: 'attribute:"hierarchy.lvl1"})))),e.createElement("span",{className:"DocSearch-Hit-Actions"},a({item:n})))}function xu(',
  },
  {
    name: 'the default hit link carries the option props',
    from: 'function ln(t){var n=t.hit,r=t.children;return e.createElement("a",{href:n.url},r)}',
    to: 'function ln(t){var n=t.hit,r=t.children;return e.createElement("a",Object.assign({href:n.url,tabIndex:-1},t.itemProps),r)}',
  },
  {
    name: 'the Ask AI question input points at no search list',
    from: 'var W=k(k({},M),{},{enterKeyHint:o.isAskAiActive?"enter":"search",',
    to: 'var W=k(k({},M),{},{"aria-activedescendant":o.isAskAiActive?void 0:M["aria-activedescendant"],"aria-controls":o.isAskAiActive?void 0:M["aria-controls"],"aria-autocomplete":o.isAskAiActive?void 0:M["aria-autocomplete"],"aria-labelledby":o.isAskAiActive?void 0:M["aria-labelledby"],"aria-label":o.isAskAiActive?"Ask a question about the handbook":void 0,enterKeyHint:o.isAskAiActive?"enter":"search",',
  },
  {
    name: 'focus returns to the input when the reader leaves or enters Ask AI',
    from: 'o.inputRef.current.focus()},[o.askAiStatus,o.inputRef]);var W=',
    to: 'o.inputRef.current.focus()},[o.askAiStatus,o.inputRef]);var hbAskAiMode=e.useRef(o.isAskAiActive);e.useEffect(function(){hbAskAiMode.current!==o.isAskAiActive&&(hbAskAiMode.current=o.isAskAiActive,o.inputRef.current&&o.inputRef.current.focus())},[o.isAskAiActive,o.inputRef]);var W=',
  },
  {
    name: 'the stop button is named and holds focus while the answer streams',
    from: '{type:"button",className:"DocSearch-Action DocSearch-StopStreaming",onClick:o.onStopAskAiStreaming}',
    to: '{type:"button",className:"DocSearch-Action DocSearch-StopStreaming",onClick:o.onStopAskAiStreaming,"aria-label":"Stop the answer",title:"Stop the answer",autoFocus:!0}',
  },
  {
    name: 'the Ask AI menu button is named and says whether the menu is open',
    from: '{type:"button",className:"DocSearch-Menu-trigger ".concat(u).concat(a?" disabled":""),"aria-disabled":a,onClick:function(){a||s(!o)}}',
    to: '{type:"button",className:"DocSearch-Menu-trigger ".concat(u).concat(a?" disabled":""),"aria-disabled":a,"aria-label":"More Ask AI actions","aria-expanded":o,onClick:function(){a||s(!o)}}',
  },
  {
    name: 'Escape closes the Ask AI menu, and only the menu',
    from: 'e.createElement("div",{ref:i,className:"DocSearch-Menu"},n)',
    to: 'e.createElement("div",{ref:i,className:"DocSearch-Menu",onKeyDown:function(e){"Escape"===e.key&&u&&(e.preventDefault(),e.stopPropagation(),a(!1),i.current.querySelector(".DocSearch-Menu-trigger").focus())}},n)',
  },
  {
    name: "Tab cycles through the dialog's controls on screen now, not those of its first screen",
    from: 'var e=ut.querySelectorAll("a[href]:not([disabled]), button:not([disabled]), input:not([disabled])"),t=e[0],n=e[e.length-1];return ut.addEventListener("keydown",r),function(){ut.removeEventListener("keydown",r)}}function r(e){"Tab"===e.key&&(e.shiftKey?document.activeElement===t&&(e.preventDefault(),n.focus()):document.activeElement===n&&(e.preventDefault(),t.focus()))}',
    to: 'return ut.addEventListener("keydown",r),function(){ut.removeEventListener("keydown",r)}}function r(e){if("Tab"===e.key){var a=Array.prototype.filter.call(ut.querySelectorAll("a[href],button,input,[tabindex]"),function(c){return!c.disabled&&c.tabIndex>=0&&c.getClientRects().length>0}),t=a[0],n=a[a.length-1];t&&(e.shiftKey?document.activeElement===t&&(e.preventDefault(),n.focus()):document.activeElement===n&&(e.preventDefault(),t.focus()))}}',
  },
  {
    name: 'the footer\'s "Close" hint carries no aria-label, which a span may not have',
    from: 'e.createElement("span",{className:"DocSearch-Label","aria-label":C},a?E:g)',
    to: 'e.createElement("span",{className:"DocSearch-Label"},a?E:g)',
  },
  {
    name: 'a polite status region in the dialog for complete answers',
    from: 'e.createElement("footer",{className:"DocSearch-Footer"},e.createElement(cn,{translations:ae,isAskAiActive:J}))))}export{gv as DocSearchModal};',
    to: 'e.createElement("footer",{className:"DocSearch-Footer"},e.createElement(cn,{translations:ae,isAskAiActive:J})),e.createElement("div",{className:"DocSearch-VisuallyHiddenForAccessibility DocSearch-Announcer",role:"status","aria-live":"polite","aria-atomic":"true"})))}export{gv as DocSearchModal};',
  },
];

/** The search button's fixes (`@docsearch/react/button`). */
export const BUTTON_REPLACEMENTS = [
  {
    name: "the button's name is the text it shows",
    from: '"aria-label":A?"".concat(E," (").concat(L,")"):E,',
    to: '"aria-label":A&&null!==P?"".concat(g," ").concat(x," K"):E,',
  },
  {
    name: "the button's words are apart in its text, not run together",
    from: 'e.createElement("span",{className:"DocSearch-Button-Keys"},null!==P&&A&&e.createElement(e.Fragment,null,e.createElement(y,{reactsToKey:K},x),e.createElement(y,{reactsToKey:"k"},"K")))',
    to: '" ",e.createElement("span",{className:"DocSearch-Button-Keys"},null!==P&&A&&e.createElement(e.Fragment,null,e.createElement(y,{reactsToKey:K},x)," ",e.createElement(y,{reactsToKey:"k"},"K")))',
  },
];

export function modalFile() {
  return siteRequire.resolve('@docsearch/react/modal');
}

export function buttonFile() {
  return siteRequire.resolve('@docsearch/react/button');
}

/** Each patched file of the package, with its fixes. */
export const PATCHED_FILES = [
  {file: modalFile, replacements: REPLACEMENTS},
  {file: buttonFile, replacements: BUTTON_REPLACEMENTS},
];

function installedVersion() {
  const packageJson = path.resolve(path.dirname(modalFile()), '../../package.json');
  return JSON.parse(readFileSync(packageJson, 'utf8')).version;
}

export function patch(source, replacements = REPLACEMENTS) {
  let patched = source;
  for (const {name, from, to} of replacements) {
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
  let changed = false;
  let fixes = 0;
  for (const {file, replacements} of PATCHED_FILES) {
    const source = readFileSync(file(), 'utf8');
    const patched = patch(source, replacements);
    fixes += replacements.length;
    if (patched !== source) {
      writeFileSync(file(), patched);
      changed = true;
    }
  }
  if (changed) {
    rmSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site/node_modules/.cache'),
      {recursive: true, force: true},
    );
  }
  console.log(
    `@docsearch/react ${version}: ${changed ? 'patched' : 'already patched'} (${fixes} fixes)`,
  );
}
