import type {ReactNode} from 'react';
import {Highlight, Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import Line from '@theme/CodeBlock/Line';
import type {LinesProps} from './PlainLines';

// The languages of themeConfig.prism.additionalLanguages, registered once with this chunk (the
// theme's client module that did it for the main chunk is aliased away in docusaurus.config.ts).
prismIncludeLanguages(Prism);

/** A code block's lines highlighted by Prism, as theme-classic 3.9.2's CodeBlock/Content. */
export default function HighlightedLines({metadata, prismTheme}: LinesProps): ReactNode {
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  return (
    <Highlight theme={prismTheme} code={code} language={language}>
      {({tokens: lines, getLineProps, getTokenProps}) =>
        lines.map((line, i) => (
          <Line
            key={i}
            line={line}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={lineClassNames[i]}
            showLineNumbers={lineNumbersStart !== undefined}
          />
        ))
      }
    </Highlight>
  );
}
