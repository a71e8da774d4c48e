import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

type Section = {
  readonly title: string;
  readonly to: string;
  readonly description: string;
};

const sections: readonly Section[] = [
  {
    title: 'Convention',
    to: '/docs/convention/intro',
    description: 'Naming, formatting, commit messages, review etiquette and versioning.',
  },
  {
    title: 'Engineering',
    to: '/docs/category/engineering',
    description: 'Backend, frontend, mobile, desktop, DevOps and quality assurance guides.',
  },
  {
    title: 'Workflow',
    to: '/docs/category/workflow',
    description: 'Git workflow, deployments, availability and GitLab in your editor.',
  },
  {
    title: 'Tools',
    to: '/docs/category/tools',
    description: 'Git, PostgreSQL, Kong, DBeaver, Postman, VS Code and Discord.',
  },
  {
    title: 'Postmortems',
    to: '/docs/category/incident-management--postmortem',
    description: 'What broke, why, and what we changed so it does not happen again.',
  },
  {
    title: 'Projects',
    to: '/docs/projects/',
    description: 'Active client projects, their environments, repositories and contacts.',
  },
];

export default function SectionCards(): ReactNode {
  return (
    <section className={styles.sections} aria-label="Handbook sections">
      <div className="container">
        <div className={styles.grid}>
          {sections.map((section) => (
            <Link key={section.to} to={section.to} className={styles.card}>
              <Heading as="h2" className={styles.cardTitle}>
                {section.title}
              </Heading>
              <p className={styles.cardText}>{section.description}</p>
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
