import type {ComponentProps} from 'react';
import MDXComponents from '@theme-original/MDXComponents';

/**
 * A markdown table scrolls sideways when it is wider than the screen (Infima makes it a block
 * with `overflow: auto`), so it takes keyboard focus like Docusaurus's code blocks do: a reader
 * without a mouse can scroll it with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
function ScrollableTable(props: ComponentProps<'table'>) {
  return <table tabIndex={0} {...props} />;
}

export default {...MDXComponents, table: ScrollableTable};
