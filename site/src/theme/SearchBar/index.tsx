import React, {
  lazy, // (CUSTOM)
  Suspense, // (CUSTOM)
  useCallback,
  useEffect, // (CUSTOM)
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
// (CUSTOM) no <Head> import: the Algolia preconnect is gone
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {
  isRegexpStringMatch,
  useSearchLinkCreator,
} from '@docusaurus/theme-common';
import {
  useAlgoliaContextualFacetFilters,
  useSearchResultUrlProcessor,
  useAlgoliaAskAi,
  mergeFacetFilters,
} from '@docusaurus/theme-search-algolia/client';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import translations from '@theme/SearchTranslations';
import type {
  InternalDocSearchHit,
  DocSearchModal as DocSearchModalType,
  DocSearchModalProps,
  StoredDocSearchHit,
  DocSearchTransformClient,
  DocSearchHit,
  DocSearchTranslations,
  DocSearchAskAi, // (CUSTOM)
  UseDocSearchKeyboardEventsProps,
} from '@docsearch/react';

import type {AutocompleteState} from '@algolia/autocomplete-core';
import type {FacetFilters} from 'algoliasearch/lite';
import {SAME_ORIGIN_TIMEOUTS} from '@site/src/search/sameOriginTimeouts'; // (CUSTOM)
import type {ThemeConfigAlgolia} from '@docusaurus/theme-search-algolia';
import {reportSearchClick, withClickPositions} from '@site/src/insights/searchClicks'; // (CUSTOM) reader insights
import {releasePage, useInertPage} from './modalAccessibility'; // (CUSTOM)
const AskAiComments = lazy(() => import('@site/src/insights/AskAiComment')); // (CUSTOM) reader insights, loaded with the modal

type DocSearchProps = Omit<
  DocSearchModalProps,
  'onClose' | 'initialScrollY'
> & {
  contextualSearch?: string;
  externalUrlRegex?: string;
  searchPagePath: boolean | string;
  askAi?: Exclude<
    (DocSearchModalProps & {askAi: unknown})['askAi'],
    string | undefined
  >;
};

// extend DocSearchProps for v4 features
// TODO Docusaurus v4: cleanup after we drop support for DocSearch v3
interface DocSearchV4Props extends Omit<DocSearchProps, 'askAi'> { // (CUSTOM) Docusaurus 3.9.2 and DocSearch 4.7.0 type askAi differently
  indexName: string;
  askAi?: ThemeConfigAlgolia['askAi'];
  translations?: DocSearchTranslations;
}

let DocSearchModal: typeof DocSearchModalType | null = null;
let createLiteClient: typeof import('algoliasearch/lite').liteClient | null = null; // (CUSTOM)
let watchAskAiAnswers: typeof import('./askAiAnnouncer').watchAskAiAnswers | null = null; // (CUSTOM)

function importDocSearchModalIfNeeded() {
  if (DocSearchModal && createLiteClient && watchAskAiAnswers) { // (CUSTOM)
    return Promise.resolve();
  }
  return Promise.all([
    import('@docsearch/react/modal'),
    import('@docsearch/react/style'),
    import('./styles.css'),
    import('algoliasearch/lite'), // (CUSTOM) loaded with the modal, not in the main bundle
    import('./askAiAnnouncer'), // (CUSTOM) complete Ask AI answers to the dialog's status region
  ]).then(([{DocSearchModal: Modal}, , , {liteClient}, announcer]) => { // (CUSTOM)
    DocSearchModal = Modal;
    createLiteClient = liteClient; // (CUSTOM)
    watchAskAiAnswers = announcer.watchAskAiAnswers; // (CUSTOM)
  });
}

// (CUSTOM) The search is answered by the gate server on this same origin, behind the sign-in:
// the lite client gets this origin as its only host, so no request goes to an Algolia host.
function sameOriginSearchClient(appId: string, apiKey: string): DocSearchTransformClient { // (CUSTOM)
  if (!createLiteClient) throw new Error('The search client is not loaded yet.'); // (CUSTOM)
  return createLiteClient(appId, apiKey, { // (CUSTOM)
    hosts: [{url: window.location.host, protocol: window.location.protocol === 'https:' ? 'https' : 'http', accept: 'readWrite'}], // (CUSTOM)
    timeouts: SAME_ORIGIN_TIMEOUTS, // (CUSTOM) a gate slowed by load is waited for
  }) as unknown as DocSearchTransformClient; // (CUSTOM)
} // (CUSTOM)

function useNavigator({
  externalUrlRegex,
}: Pick<DocSearchProps, 'externalUrlRegex'>) {
  const history = useHistory();
  const [navigator] = useState<DocSearchModalProps['navigator']>(() => {
    return {
      navigate(params) {
        reportSearchClick(params.item); // (CUSTOM) reader insights: a result opened with Enter
        // Algolia results could contain URL's from other domains which cannot
        // be served through history and should navigate with window.location
        if (isRegexpStringMatch(externalUrlRegex, params.itemUrl)) {
          window.location.href = params.itemUrl;
        } else {
          history.push(params.itemUrl);
        }
      },
    };
  });
  return navigator;
}

function useTransformSearchClient({appId, apiKey}: {appId: string; apiKey: string}): DocSearchModalProps['transformSearchClient'] { // (CUSTOM)
  const {
    siteMetadata: {docusaurusVersion},
  } = useDocusaurusContext();
  return useCallback(
    () => { // (CUSTOM)
      const searchClient = sameOriginSearchClient(appId, apiKey); // (CUSTOM)
      searchClient.addAlgoliaAgent('docusaurus', docusaurusVersion);
      return withClickPositions(searchClient); // (CUSTOM) reader insights: hits carry their query id and position
    },
    [docusaurusVersion, appId, apiKey], // (CUSTOM)
  );
}

function useTransformItems(props: Pick<DocSearchProps, 'transformItems'>) {
  const processSearchResultUrl = useSearchResultUrlProcessor();
  const [transformItems] = useState<DocSearchModalProps['transformItems']>(
    () => {
      return (items: DocSearchHit[]) =>
        props.transformItems
          ? // Custom transformItems
            props.transformItems(items)
          : // Default transformItems
            items.map((item) => ({
              ...item,
              url: processSearchResultUrl(item.url),
            }));
    },
  );
  return transformItems;
}

function useResultsFooterComponent({
  closeModal,
}: {
  closeModal: () => void;
}): DocSearchProps['resultsFooterComponent'] {
  return useMemo(
    () =>
      ({state}) =>
        <ResultsFooter state={state} onClose={closeModal} />,
    [closeModal],
  );
}

function Hit({
  hit,
  children,
  itemProps, // (CUSTOM)
}: {
  hit: InternalDocSearchHit | StoredDocSearchHit;
  children: ReactNode;
  itemProps?: React.ComponentProps<'a'>; // (CUSTOM) the option's props (scripts/patch-docsearch.mjs): the link is the option
}) {
  return ( // (CUSTOM) an option of the combobox (reached with the arrow keys), reported to reader insights when opened
    <Link to={hit.url} {...itemProps} onClick={(event) => { reportSearchClick(hit); itemProps?.onClick?.(event); }} tabIndex={-1}>{children}</Link> // (CUSTOM)
  ); // (CUSTOM)
}

type ResultsFooterProps = {
  state: AutocompleteState<InternalDocSearchHit>;
  onClose: () => void;
};

function ResultsFooter({state, onClose}: ResultsFooterProps) {
  const createSearchLink = useSearchLinkCreator();

  // (CUSTOM) The patched modal also shows this footer on its no-results screen, where "See all 0
  // results" would read as a mistake: there it offers the search page for the query.
  if (!state.context.nbHits) { // (CUSTOM)
    return ( // (CUSTOM)
      <Link to={createSearchLink(state.query)} onClick={onClose}> {/* (CUSTOM) */}
        <Translate id="theme.SearchBar.openSearchPage" values={{query: state.query}}>{'Open the search page for “{query}”'}</Translate> {/* (CUSTOM) */}
      </Link> // (CUSTOM)
    ); // (CUSTOM)
  } // (CUSTOM)

  return (
    <Link to={createSearchLink(state.query)} onClick={onClose}>
      <Translate
        id="theme.SearchBar.seeAll"
        values={{count: state.context.nbHits}}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

function useSearchParameters({
  contextualSearch,
  ...props
}: DocSearchProps): DocSearchProps['searchParameters'] {
  const contextualSearchFacetFilters = useAlgoliaContextualFacetFilters();

  const configFacetFilters: FacetFilters =
    props.searchParameters?.facetFilters ?? [];

  const facetFilters: FacetFilters = contextualSearch
    ? // Merge contextual search filters with config filters
      mergeFacetFilters(contextualSearchFacetFilters, configFacetFilters)
    : // ... or use config facetFilters
      configFacetFilters;

  // We let users override default searchParameters if they want to
  return {
    attributesToSnippet: snippetAttributes(), // (CUSTOM)
    clickAnalytics: true, // (CUSTOM) reader insights: the gate returns a query id for clicks
    ...props.searchParameters,
    facetFilters,
  };
}

// (CUSTOM) Snippets of 10 words, 5 on screens up to 768 px wide (DocSearch 3's lengths; 4.7.0
// asks for 15 everywhere). Computed when the modal renders, so the current width counts.
const SNIPPET_ATTRIBUTES = ['hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content']; // (CUSTOM)
function snippetAttributes(): string[] { // (CUSTOM)
  const narrow = typeof window !== 'undefined' && window.matchMedia('(max-width: 768px)').matches; // (CUSTOM)
  return SNIPPET_ATTRIBUTES.map((attribute) => `${attribute}:${narrow ? 5 : 10}`); // (CUSTOM)
} // (CUSTOM)

// (CUSTOM) Ask AI is answered by the gate on this origin (scripts/patch-docsearch.mjs points the
// modal's Algolia base URL at /__askai/chat): an assistant id of our own, no Algolia account.
const ASK_AI_ASSISTANT_ID = 'studio-handbook'; // (CUSTOM)

// (CUSTOM) The modal's default disclaimer says answers are generated with AI; the default answerer
// quotes the handbook, so the disclaimer says that instead.
function withAskAiTranslations(modal: DocSearchTranslations['modal']): DocSearchTranslations['modal'] { // (CUSTOM)
  return { // (CUSTOM)
    ...modal, // (CUSTOM)
    askAiScreen: { // (CUSTOM)
      ...modal?.askAiScreen, // (CUSTOM)
      disclaimerText: 'Answers come only from this handbook, quoted or summarised, with a link to each section they use. Check the linked section before you act.', // (CUSTOM)
      relatedSourcesText: 'Sections in the handbook', // (CUSTOM)
      thinkingText: 'Reading the handbook…', // (CUSTOM)
    }, // (CUSTOM)
  }; // (CUSTOM)
} // (CUSTOM)

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- (CUSTOM) the theme config's askAi is replaced by ours
function DocSearch({externalUrlRegex, askAi: _themeAskAi, ...props}: DocSearchV4Props) { // (CUSTOM)
  const {siteConfig: {customFields}} = useDocusaurusContext(); // (CUSTOM)
  const missingResultsUrl = customFields?.searchMissingResultsUrl as string | undefined; // (CUSTOM) "Let us know." link
  const navigator = useNavigator({externalUrlRegex});
  const searchParameters = useSearchParameters({...props});
  const transformItems = useTransformItems(props);
  const transformSearchClient = useTransformSearchClient({appId: props.appId, apiKey: props.apiKey}); // (CUSTOM)

  const searchContainer = useRef<HTMLDivElement | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(
    undefined,
  );

  const {isAskAiActive, currentPlaceholder, onAskAiToggle, extraAskAiProps} =
    useAlgoliaAskAi({...props, askAi: {assistantId: ASK_AI_ASSISTANT_ID, indexName: props.indexName, appId: props.appId, apiKey: props.apiKey} satisfies DocSearchAskAi}); // (CUSTOM)

  const prepareSearchContainer = useCallback(() => {
    if (!searchContainer.current) {
      const divElement = document.createElement('div');
      searchContainer.current = divElement;
      document.body.insertBefore(divElement, document.body.firstChild);
    }
  }, []);

  const openModal = useCallback(() => {
    prepareSearchContainer();
    importDocSearchModalIfNeeded().then(() => setIsOpen(true));
  }, [prepareSearchContainer]);

  const closeModal = useCallback(() => {
    setIsOpen(false);
    releasePage(); // (CUSTOM) the page behind the dialog takes focus again
    searchButtonRef.current?.focus();
    setInitialQuery(undefined);
    onAskAiToggle(false);
  }, [onAskAiToggle]);

  const handleInput = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'f' && (event.metaKey || event.ctrlKey)) {
        // ignore browser's ctrl+f
        return;
      }
      // prevents duplicate key insertion in the modal input
      event.preventDefault();
      setInitialQuery(event.key);
      openModal();
    },
    [openModal],
  );

  const resultsFooterComponent = useResultsFooterComponent({closeModal});
  useInertPage(isOpen); // (CUSTOM) the page behind the dialog is inert while it is open
  useEffect(() => { // (CUSTOM) complete Ask AI answers to the dialog's status region
    const container = searchContainer.current; // (CUSTOM)
    return isOpen && container && watchAskAiAnswers ? watchAskAiAnswers(container) : undefined; // (CUSTOM)
  }, [isOpen]); // (CUSTOM)

  useDocSearchKeyboardEvents({
    isOpen,
    onOpen: openModal,
    onClose: closeModal,
    onInput: handleInput,
    searchButtonRef,
    isAskAiActive: isAskAiActive ?? false,
    onAskAiToggle: onAskAiToggle ?? (() => {}),
  } satisfies UseDocSearchKeyboardEventsProps & {
    // TODO Docusaurus v4: cleanup after we drop support for DocSearch v3
    isAskAiActive: boolean;
    onAskAiToggle: (askAiToggle: boolean) => void;
  } as UseDocSearchKeyboardEventsProps);

  return (
    <>
      {/* (CUSTOM) no preconnect to an Algolia host: the search is on this origin. */}
      <DocSearchButton
        onTouchStart={importDocSearchModalIfNeeded}
        onFocus={importDocSearchModalIfNeeded}
        onMouseOver={importDocSearchModalIfNeeded}
        onClick={openModal}
        ref={searchButtonRef}
        translations={props.translations?.button ?? translations.button}
      />

      {isOpen &&
        DocSearchModal &&
        searchContainer.current &&
        createPortal(
          <DocSearchModal
            onClose={closeModal}
            initialScrollY={window.scrollY}
            initialQuery={initialQuery}
            navigator={navigator}
            transformItems={transformItems}
            hitComponent={Hit}
            transformSearchClient={transformSearchClient}
            {...(props.searchPagePath && {
              resultsFooterComponent,
            })}
            placeholder={currentPlaceholder}
            {...props}
            translations={withAskAiTranslations(props.translations?.modal ?? translations.modal)} // (CUSTOM)
            searchParameters={searchParameters}
            getMissingResultsUrl={missingResultsUrl ? ({query}: {query: string}) => `${missingResultsUrl}${missingResultsUrl.includes('?') ? '&' : '?'}q=${encodeURIComponent(query)}` : undefined} // (CUSTOM)
            {...extraAskAiProps}
          />,
          searchContainer.current,
        )}
      {isOpen && <Suspense fallback={null}><AskAiComments root={searchContainer.current} /></Suspense>} {/* (CUSTOM) reader insights: comments on answers voted down */}
    </>
  );
}

export default function SearchBar(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <DocSearch {...(siteConfig.themeConfig.algolia as DocSearchV4Props)} />
  );
}
