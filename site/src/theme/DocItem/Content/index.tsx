import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import StalePageNotice from '@site/src/components/StalePageNotice';

type Props = WrapperProps<typeof ContentType>;

/** A doc page's content, preceded by the stale-page notice when the page is old. */
export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <StalePageNotice />
      <Content {...props} />
    </>
  );
}
