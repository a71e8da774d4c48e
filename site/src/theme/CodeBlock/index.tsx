/**
 * Ejected from @docusaurus/theme-classic 3.9.2 (theme/CodeBlock/index.js); changed lines are
 * marked (CUSTOM). Copyright (c) Facebook, Inc. and its affiliates, MIT licence.
 */
import {isValidElement, type ReactNode, Children} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

/**
 * Best attempt to make the children a plain string so it is copyable. If there are react
 * elements, we will not be able to copy the content, and it will return `children` as-is;
 * otherwise, it concatenates the string children together.
 */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((el) => isValidElement(el))) return children;
  // The children is now guaranteed to be one/more plain strings
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  // (CUSTOM) The original keyed the block on useIsBrowser(), so every code block was thrown
  // away and rendered again (Prism tokenizing twice) right after hydration, to apply the dark
  // Prism theme. theme-common 3.9's useColorMode() is 'light' during hydration and changes
  // after it, which re-renders the block with the right styles anyway (issue 14).
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
