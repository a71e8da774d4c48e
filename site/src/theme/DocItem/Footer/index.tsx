import type {ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type {WrapperProps} from '@docusaurus/types';
import PageFeedback from '@site/src/components/PageFeedback';

type Props = WrapperProps<typeof FooterType>;

/** A doc page's footer (tags, edit link, last update), then "Was this page helpful?". */
export default function FooterWrapper(props: Props): ReactNode {
  return (
    <>
      <Footer {...props} />
      <PageFeedback />
    </>
  );
}
