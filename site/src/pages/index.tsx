import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import SectionCards from '@site/src/components/SectionCards';
import styles from './index.module.css';

function HomeHero(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <header className={styles.hero}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          {siteConfig.title}
        </Heading>
        <p className={styles.tagline}>
          How the studio builds, ships and runs software: the conventions we agreed on, the
          templates we start from, the tools we use and the incidents we learned from.
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/docs/documentation">
            Start here
          </Link>
          <Link className="button button--secondary button--lg" to="/docs/convention/intro">
            Read the conventions
          </Link>
        </div>
        <p className={styles.hint}>
          Looking for something specific? Press <kbd>Ctrl</kbd>+<kbd>K</kbd> (<kbd>⌘</kbd>+
          <kbd>K</kbd> on a Mac) or <kbd>/</kbd> to search.
        </p>
      </div>
    </header>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout
      title="Home"
      description="The studio's internal engineering handbook: conventions, engineering guides, workflow, tools and postmortems.">
      <HomeHero />
      <main>
        <SectionCards />
      </main>
    </Layout>
  );
}
