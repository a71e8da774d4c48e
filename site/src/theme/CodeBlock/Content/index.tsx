/**
 * Ejected from @docusaurus/theme-classic 3.9.2 (theme/CodeBlock/Content/index.js); changed
 * lines are marked (CUSTOM). Copyright (c) Facebook, Inc. and its affiliates, MIT licence.
 */
import {
  forwardRef,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {usePrismTheme} from '@docusaurus/theme-common';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {Props} from '@theme/CodeBlock/Content';
import PlainLines, {type LinesProps} from './PlainLines';
import styles from './styles.module.css';

// (CUSTOM) Prism (prism-react-renderer, its languages and the handbook's additional ones) is a
// chunk of its own instead of a fifth of the main chunk that every page parsed and initialised
// before hydrating (issue 14). The server bundle renders the highlighted lines as before
// (src/plugins/lazyPrism.ts sets the flag; the browser bundle drops that branch). Hydration
// keeps the server's lines as they are: <code> takes an empty, constant dangerouslySetInnerHTML,
// so React neither walks nor replaces its children and nothing is tokenized. Prism is loaded
// only when lines must be rendered in the browser: a block mounted by a client-side navigation
// (plain text until Prism arrives) or a Prism theme other than the server's. The handbook has
// one theme for both colour modes (src/syntax/prismTheme.ts: CSS variables), so a dark-mode
// reader's page keeps the server's lines too (issue 31).
type LinesComponent = ComponentType<LinesProps>;
const serverLines: LinesComponent | undefined =
  process.env.HANDBOOK_SERVER_BUNDLE === 'true'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- server bundle only
      (require('./HighlightedLines') as {default: LinesComponent}).default
    : undefined;
let loadedLines = serverLines;
let loadingLines: Promise<LinesComponent> | undefined;
function loadLines(): Promise<LinesComponent> {
  loadingLines ??= import(/* webpackChunkName: "prism" */ './HighlightedLines').then(
    (module) => (loadedLines = module.default),
  );
  return loadingLines;
}
/** Constant, so that re-rendering never writes innerHTML: the server's lines stay. */
const KEEP_SERVER_LINES = {__html: ''};

// TODO Docusaurus v4: remove useless forwardRef
const Pre = forwardRef<HTMLPreElement, ComponentProps<'pre'>>((props, ref) => {
  return (
    <pre
      ref={ref}
      // A scrollable region is focusable, for keyboard scrolling.
      tabIndex={0}
      {...props}
      className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')}
    />
  );
});
Pre.displayName = 'Pre';

function Code(props: ComponentProps<'code'>) {
  const {metadata} = useCodeBlockContext();
  return (
    <code
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockLines,
        metadata.lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
      )}
      style={{
        ...props.style,
        counterReset:
          metadata.lineNumbersStart === undefined
            ? undefined
            : `line-count ${metadata.lineNumbersStart - 1}`,
      }}
    />
  );
}

export default function CodeBlockContent({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const isBrowser = useIsBrowser();
  // (CUSTOM) The Prism theme of the server's lines when this block hydrated; undefined when the
  // lines are React's (server bundle, or a block mounted after hydration).
  const [hydratedTheme] = useState(() => (isBrowser || serverLines ? undefined : prismTheme));
  const [Lines, setLines] = useState<LinesComponent | undefined>(() => loadedLines);
  const needsPrism = hydratedTheme !== prismTheme;
  useEffect(() => {
    if (Lines || !needsPrism) return undefined;
    let live = true;
    void loadLines().then((loaded) => {
      if (live) setLines(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [Lines, needsPrism]);
  const keepServerLines = hydratedTheme !== undefined && (!needsPrism || !Lines);
  const theme = keepServerLines ? hydratedTheme : prismTheme;
  // What prism-react-renderer's <Highlight> gives <pre>: its class and the theme's colours.
  const language = metadata.language.toLowerCase();
  return (
    <Pre
      ref={wordWrap.codeBlockRef}
      className={clsx(classNameProp, `prism-code language-${language}`)}
      style={theme.plain}>
      {keepServerLines ? (
        <Code key="server" dangerouslySetInnerHTML={KEEP_SERVER_LINES} suppressHydrationWarning />
      ) : (
        <Code key="react">
          {Lines ? (
            <Lines metadata={metadata} prismTheme={prismTheme} />
          ) : (
            <PlainLines metadata={metadata} prismTheme={prismTheme} />
          )}
        </Code>
      )}
    </Pre>
  );
}
