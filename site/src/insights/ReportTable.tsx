import type {ReactNode} from 'react';
import {csvUrl, type Period} from './report';
import styles from './styles.module.css';

type Props = {
  id: string;
  title: string;
  description: ReactNode;
  csv: string;
  days: Period;
  columns: readonly string[];
  /** Columns holding figures (aligned right). */
  numeric?: readonly number[];
  rows: readonly ReactNode[][];
  empty: string;
};

/** One table of the report: its heading, what it shows, a CSV download and the rows. */
export default function ReportTable(props: Props): ReactNode {
  const {id, title, description, csv, days, columns, numeric = [], rows, empty} = props;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <h2 id={id}>{title}</h2>
        <a className={styles.csv} href={csvUrl(csv, days)} download>
          Download CSV<span className={styles.srOnly}>: {title}</span>
        </a>
      </div>
      <p className={styles.description}>{description}</p>
      {rows.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <div className={styles.tableScroll} role="region" aria-labelledby={id} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                {columns.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={numeric.includes(index) ? styles.number : undefined}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} className={numeric.includes(index) ? styles.number : undefined}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
