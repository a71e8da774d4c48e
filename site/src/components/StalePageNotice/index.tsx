import type {ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Admonition from '@theme/Admonition';
import {isStale} from '@site/src/lastUpdate/staleness';

/**
 * Asks readers to check an old page with its owner (STALE_PAGE_MONTHS, 12 by default). Decided
 * in the browser, on today's date: a build is served for months, and a page grows stale
 * without being rebuilt. The owner is the page's `owner` front matter, else its last author.
 */
export default function StalePageNotice(): ReactNode {
  const {metadata, frontMatter} = useDoc();
  const {siteConfig} = useDocusaurusContext();
  const isBrowser = useIsBrowser();
  const months = Number(siteConfig.customFields?.staleAfterMonths ?? 0);
  const {lastUpdatedAt, lastUpdatedBy} = metadata;
  if (!isBrowser || lastUpdatedAt == null || !isStale(lastUpdatedAt, Date.now(), months)) {
    return null;
  }
  const declaredOwner = (frontMatter as {owner?: unknown}).owner;
  const owner = typeof declaredOwner === 'string' ? declaredOwner : lastUpdatedBy;
  const date = new Date(lastUpdatedAt).toLocaleDateString('en', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <Admonition type="warning" title="This page may be out of date">
      <p data-testid="stale-page-notice">
        It was last updated on {date}, more than {months} months ago.{' '}
        {owner ? (
          <>
            Check with its owner, <strong>{owner}</strong>, before relying on it.
          </>
        ) : (
          <>Check with its owner before relying on it.</>
        )}
      </p>
    </Admonition>
  );
}
