import type * as Preset from '@docusaurus/preset-classic';
import type {Config} from '@docusaurus/types';
import {EARLY_SESSION_CHECK} from '@studio-handbook/auth/earlySessionCheck';
import {gitHistoryAvailable} from './src/lastUpdate/gitHistory';
import {staleAfterMonths} from './src/lastUpdate/staleness';
import lazyPrism from './src/plugins/lazyPrism';
import pageFacts from './src/plugins/pageFacts';
import {SSR_TEMPLATE} from './src/ssr/hydrateAfterPaint';
import stableRspackOptions from './src/plugins/stableRspackOptions';
import {handbookPrismTheme} from './src/syntax/prismTheme';

// Build-time knobs. Run-time configuration (Firebase, allowed domains) is served by the gate
// server, so one build serves every environment.
const siteUrl = process.env.SITE_URL ?? 'http://localhost:3000';
const logoLink = process.env.NAVBAR_LOGO_LINK || undefined;
const showBreadcrumbs = process.env.DOCS_BREADCRUMBS !== 'false';
const missingResultsUrl = process.env.SEARCH_MISSING_RESULTS_URL || undefined;
// "Edit this page" links: the repository's URL of the site/ folder; the doc's path is appended.
const editUrl = process.env.EDIT_URL_BASE || undefined;
// Last-updated dates come from git; a tarball without history builds without them.
const lastUpdateFromGit = gitHistoryAvailable();

const config: Config = {
  title: 'Studio Handbook',
  tagline: "The studio's engineering handbook: conventions, guides, postmortems and tools.",
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl: '/',
  titleDelimiter: '|',

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: {label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory'},
    },
  },

  markdown: {
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },

  future: {
    v4: true,
    // DOCUSAURUS_FASTER=false builds with plain webpack (bench/build.ts compares the two).
    experimental_faster: process.env.DOCUSAURUS_FASTER !== 'false',
  },

  // The browser gate's session check starts while the page is still being parsed, in parallel
  // with the bundle, instead of after hydration (auth/src/sessionClient.ts picks it up).
  headTags: [
    {
      tagName: 'script',
      attributes: {},
      innerHTML: EARLY_SESSION_CHECK,
    },
  ],

  // Docusaurus's HTML template, except that the entry scripts run after the first paint
  // (src/ssr/hydrateAfterPaint.ts, issue 14).
  ssrTemplate: SSR_TEMPLATE,

  customFields: {
    searchMissingResultsUrl: missingResultsUrl,
    staleAfterMonths: staleAfterMonths(process.env.STALE_PAGE_MONTHS),
  },

  plugins: [stableRspackOptions, lazyPrism, pageFacts],

  // Docusaurus's viewport prefetching of linked pages, moved to idle time (issue 14).
  clientModules: ['./src/clientModules/idlePrefetch.ts'],

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          breadcrumbs: showBreadcrumbs,
          editUrl,
          showLastUpdateTime: lastUpdateFromGit,
          showLastUpdateAuthor: lastUpdateFromGit,
          versions: {
            current: {label: 'Next'},
          },
        },
        blog: {
          showReadingTime: true,
          blogTitle: 'Studio engineering blog',
          blogDescription: 'Recaps, postmortem summaries and announcements from the studio.',
          blogSidebarTitle: 'All posts',
          blogSidebarCount: 'ALL',
          tags: 'tags.yml',
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
        },
        theme: {
          customCss: ['./src/css/custom.css', './src/syntax/palette.css'],
        },
        sitemap: {
          changefreq: 'daily',
          priority: 0.5,
          lastmod: null,
          ignorePatterns: ['/docs/tags/**', '/blog/tags/**'],
          filename: 'sitemap.xml',
        },
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    image: 'img/logo.svg',
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: 'docs-day-2025-12',
      content:
        'Docs Day is the last Friday of every month: pick a topic on the <a href="/docs/doc-day/intro">Docs Day page</a>.',
      // Colours from custom.css, so that the bar follows the colour mode (the default is white).
      backgroundColor: 'var(--handbook-announcement-background)',
      textColor: 'var(--handbook-announcement-color)',
      isCloseable: true,
    },
    navbar: {
      title: 'Home',
      hideOnScroll: true,
      logo: {
        alt: 'Studio Handbook logo',
        src: 'img/logo.svg',
        href: logoLink,
      },
      items: [
        // One highlighted section at a time: both docs share one sidebar, so by default both
        // links would be active on every doc page (src/theme/NavbarItem/DocNavbarItem.tsx).
        {
          type: 'doc',
          docId: 'documentation',
          position: 'left',
          label: 'Docs',
          activeBaseRegex: '^/docs(?!/convention/|/category/convention/?$)(/|$)',
        },
        {
          type: 'doc',
          docId: 'convention/intro',
          position: 'left',
          label: 'Convention',
          activeBaseRegex: '^/docs(/convention/|/category/convention/?$)',
        },
        {type: 'custom-logout', position: 'right'},
        {type: 'search', position: 'right'},
        {type: 'localeDropdown', position: 'right'},
      ],
    },
    docs: {
      sidebar: {hideable: true, autoCollapseCategories: false},
    },
    blog: {
      sidebar: {groupByYear: true},
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Handbook',
          items: [
            {label: 'Start here', to: '/docs/documentation'},
            {label: 'Conventions', to: '/docs/convention/intro'},
            {label: 'Engineering', to: '/docs/category/engineering'},
          ],
        },
        {
          title: 'Operations',
          items: [
            {label: 'Deployment workflow', to: '/docs/workflow/deployment-workflow'},
            {label: 'Monitoring', to: '/docs/resources/monitoring'},
            {label: 'Postmortems', to: '/docs/category/incident-management--postmortem'},
          ],
        },
        {
          title: 'More',
          items: [
            {label: 'Blog', to: '/blog'},
            {label: 'About this handbook', to: '/markdown-page'},
          ],
        },
      ],
      copyright: 'Copyright © 2025 the studio. Internal use only.',
    },
    // The search endpoint is our own gate server (same origin); no Algolia account is involved.
    // The key is not a secret: the endpoint answers only requests that carry a company session.
    algolia: {
      appId: 'STUDIOHANDBOOK',
      apiKey: 'session-gated',
      indexName: 'studio-handbook',
      contextualSearch: true,
      searchPagePath: 'search',
      insights: false,
    },
    prism: {
      // One theme for both modes: its colours are the var()s of src/syntax/palette.css, a
      // designed light and dark pair with at least 4.5:1 for every token (issue 31).
      theme: handbookPrismTheme,
      // Only what the handbook's ``` fences use beyond prism-react-renderer's built-in set
      // (which already has json, yaml, rust, ts/tsx, js, markdown): every language listed here
      // is in the Prism chunk a phone loads to highlight a code block (issue 14; not needed to
      // show a page, whose code the server highlighted: src/theme/CodeBlock). hcl had no fence.
      additionalLanguages: ['bash', 'dart', 'nginx', 'sql', 'ini', 'docker'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
