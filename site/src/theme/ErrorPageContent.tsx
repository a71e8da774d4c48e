import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import ErrorPageContent from '@theme-original/ErrorPageContent';
import type {Props} from '@theme/Error';

/**
 * The crash screen inside the layout ("This page crashed.", Try again, message and causes). The
 * spec titles it "Page Error", as Docusaurus's own top-level error page does; without this the
 * tab kept the crashed page's title.
 */
export default function ErrorPageContentWrapper(props: Props): ReactNode {
  return (
    <>
      <Head>
        <title>Page Error</title>
      </Head>
      <ErrorPageContent {...props} />
    </>
  );
}
