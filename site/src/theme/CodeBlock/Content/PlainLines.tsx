import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {CodeBlockMetadata} from '@docusaurus/theme-common/internal';
import type {PrismTheme, Token} from 'prism-react-renderer';
import Line from '@theme/CodeBlock/Line';

export type LinesProps = {
  readonly metadata: CodeBlockMetadata;
  readonly prismTheme: PrismTheme;
};

/**
 * A code block's lines as plain text, laid out exactly as the highlighted ones (same lines,
 * same classes, the theme's plain colour): shown only while the Prism chunk loads (src/theme/CodeBlock/Content).
 */
export default function PlainLines({metadata, prismTheme}: LinesProps): ReactNode {
  const {code, lineNumbersStart, lineClassNames} = metadata;
  const color = {...prismTheme.plain, backgroundColor: undefined};
  return code.split(/\r\n|\r|\n/).map((text, i) => {
    const line: Token[] = [
      text === ''
        ? {types: ['plain'], content: '\n', empty: true}
        : {types: ['plain'], content: text},
    ];
    return (
      <Line
        // Lines are positional: the same index is the same line.
        key={i}
        line={line}
        getLineProps={({className}) => ({className: clsx('token-line', className), style: color})}
        getTokenProps={({token}) => ({
          className: clsx('token', ...token.types),
          children: token.content,
          style: token.empty ? {display: 'inline-block'} : undefined,
        })}
        classNames={lineClassNames[i]}
        showLineNumbers={lineNumbersStart !== undefined}
      />
    );
  });
}
