import {useEffect, useId, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import DailyChart from './DailyChart';
import ReportTable from './ReportTable';
import {
  PERIODS,
  fetchReport,
  formatDate,
  formatDay,
  formatPercent,
  type Period,
  type Report,
  type ReportState,
} from './report';
import styles from './styles.module.css';

function PageLink({url, title}: {url: string; title?: string}): ReactNode {
  return <Link to={url}>{title && title !== url ? title : url}</Link>;
}

function PeriodChoice({days, onChange}: {days: Period; onChange: (days: Period) => void}) {
  const name = useId();
  return (
    <fieldset className={styles.periods}>
      <legend className={styles.periodsLegend}>Period</legend>
      {PERIODS.map((period) => (
        <label key={period} className={styles.period}>
          <input
            type="radio"
            name={name}
            value={period}
            checked={days === period}
            onChange={() => onChange(period)}
          />
          <span>Last {period} days</span>
        </label>
      ))}
    </fieldset>
  );
}

function Totals({report}: {report: Report}): ReactNode {
  const {searches, questions, refused} = report.totals;
  const items = [
    ['Searches', searches],
    ['Ask AI questions', questions],
    ['Questions refused', refused],
    ['Content gaps', report.gaps.length],
  ] as const;
  return (
    <dl className={styles.totals}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.total}>
          <dt>{label}</dt>
          <dd>{value.toLocaleString('en')}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReportView({report}: {report: Report}): ReactNode {
  const {days} = report;
  return (
    <>
      <Totals report={report} />

      <section className={styles.section} aria-labelledby="per-day">
        <div className={styles.sectionHeader}>
          <h2 id="per-day">Searches and Ask AI questions per day</h2>
          <a className={styles.csv} href={`/__insights/report/per-day.csv?days=${days}`} download>
            Download CSV<span className={styles.srOnly}>: searches and questions per day</span>
          </a>
        </div>
        <DailyChart perDay={report.perDay} />
        <details className={styles.figures}>
          <summary>The figures per day</summary>
          <div
            className={styles.tableScroll}
            role="region"
            aria-label="Figures per day"
            tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col" className={styles.number}>
                    Searches
                  </th>
                  <th scope="col" className={styles.number}>
                    Readers searching
                  </th>
                  <th scope="col" className={styles.number}>
                    Ask AI questions
                  </th>
                  <th scope="col" className={styles.number}>
                    Refused
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.perDay.map((day) => (
                  <tr key={day.day}>
                    <td>{formatDay(day.day)}</td>
                    <td className={styles.number}>{day.searches}</td>
                    <td className={styles.number}>{day.readers}</td>
                    <td className={styles.number}>{day.questions}</td>
                    <td className={styles.number}>{day.refused}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>

      <ReportTable
        id="content-gaps"
        title="Content gaps"
        description="Searches that found nothing and Ask AI questions the handbook could not answer, grouped by their text, most frequent first. The nearest page is where the handbook comes closest: a page to extend, or a sign a new one is needed."
        csv="content-gaps"
        days={days}
        columns={['Searched or asked', 'Searches', 'Questions', 'Last seen', 'Nearest page']}
        numeric={[1, 2]}
        rows={report.gaps.map((gap) => [
          gap.text,
          gap.searches,
          gap.questions,
          formatDate(gap.lastSeen),
          gap.nearest ? <PageLink url={gap.nearest.url} title={gap.nearest.title} /> : '—',
        ])}
        empty="No search without results and no refused question in this period."
      />

      <ReportTable
        id="top-searches"
        title="Top searches"
        description="The most frequent searches. Click-through is the share of these searches after which the reader opened a result from the search box; the mean position is where the opened result stood (1 is the first)."
        csv="top-searches"
        days={days}
        columns={['Search', 'Searches', 'Readers', 'Click-through', 'Mean click position']}
        numeric={[1, 2, 3, 4]}
        rows={report.topSearches.map((row) => [
          row.query,
          row.searches,
          row.readers,
          formatPercent(row.clickThrough),
          row.meanPosition === null ? '—' : row.meanPosition.toFixed(1),
        ])}
        empty="No searches in this period."
      />

      <ReportTable
        id="thumbs-down"
        title="Answers voted down"
        description="Ask AI answers a reader marked as not helpful, newest first, with the sections the answer quoted and the reader's comment."
        csv="thumbs-down"
        days={days}
        columns={['When', 'Question', 'Sections cited', 'Comment']}
        rows={report.thumbsDown.map((row) => [
          formatDate(row.at),
          row.question ?? '(question not recorded)',
          row.cited.length === 0 ? (
            '—'
          ) : (
            <ul className={styles.cellList}>
              {row.cited.map((url) => (
                <li key={url}>
                  <PageLink url={url} />
                </li>
              ))}
            </ul>
          ),
          row.comment ?? '—',
        ])}
        empty="No answer was voted down in this period."
      />

      <ReportTable
        id="pages"
        title="Pages by helpfulness"
        description={
          <>
            Answers to &quot;Was this page helpful?&quot;, pages with the most &quot;No&quot; first
            (each reader&apos;s latest answer counts once), beside when the page was last updated
            and who owns it.
          </>
        }
        csv="pages"
        days={days}
        columns={['Page', 'Yes', 'No', 'Comments', 'Last updated', 'Owner']}
        numeric={[1, 2]}
        rows={report.pages.map((row) => [
          <PageLink key="page" url={row.page} title={row.title} />,
          row.yes,
          row.no,
          row.comments.length === 0 ? (
            '—'
          ) : (
            <ul className={styles.cellList}>
              {row.comments.map((comment) => (
                <li key={`${comment.at}-${comment.text}`}>
                  <span className={styles.commentMeta}>
                    {comment.helpful ? 'Yes' : 'No'}, {formatDate(comment.at)}:
                  </span>{' '}
                  {comment.text}
                </li>
              ))}
            </ul>
          ),
          row.lastUpdatedAt === null ? '—' : formatDate(row.lastUpdatedAt),
          row.owner ?? '—',
        ])}
        empty='No reader has answered "Was this page helpful?" in this period.'
      />

      <p className={styles.generated}>
        Figures from {formatDate(report.since)} to {formatDate(report.generatedAt)} (UTC). Readers
        are counted by a salted hash of their account: no row names anyone.
      </p>
    </>
  );
}

/**
 * /insights: what readers searched, asked and could not find, for the handbook's writers. The
 * gate serves this page and its report only to INSIGHTS_VIEWERS (403 for everyone else); a
 * reader who arrives by a link inside the site sees the same refusal from the report.
 */
export default function InsightsPage(): ReactNode {
  const [days, setDays] = useState<Period>(30);
  const [state, setState] = useState<ReportState>({status: 'loading'});

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => (previous.status === 'ready' ? previous : {status: 'loading'}));
    fetchReport(days, controller.signal).then(setState, (error: Error) => {
      if (!controller.signal.aborted) setState({status: 'failed', message: error.message});
    });
    return () => controller.abort();
  }, [days]);

  return (
    <Layout title="Reader insights" description="What readers searched, asked and could not find.">
      <Head>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <main className={`container ${styles.page}`}>
        <h1>Reader insights</h1>
        <p className={styles.lead}>
          What readers searched for, asked Ask AI and could not find, for the people who write the
          handbook. Start with the content gaps.
        </p>
        {state.status !== 'forbidden' && <PeriodChoice days={days} onChange={setDays} />}
        <div aria-live="polite" aria-busy={state.status === 'loading'}>
          {state.status === 'loading' && <p>Loading the report…</p>}
          {state.status === 'forbidden' && (
            <div className="alert alert--warning" role="alert">
              {state.message}
            </div>
          )}
          {state.status === 'failed' && (
            <div className="alert alert--danger" role="alert">
              The report could not be loaded: {state.message}
            </div>
          )}
        </div>
        {state.status === 'ready' && <ReportView report={state.report} />}
      </main>
    </Layout>
  );
}
