import {afterEach, describe, expect, it, vi} from 'vitest';
import config from '../docusaurus.config';

type NavbarItem = {type?: string; docId?: string; label?: string; position?: string};

const themeConfig = config.themeConfig as {
  colorMode: Record<string, unknown>;
  navbar: {title: string; hideOnScroll: boolean; items: NavbarItem[]; logo: {src: string}};
  announcementBar: {id: string; isCloseable: boolean};
  tableOfContents: {minHeadingLevel: number; maxHeadingLevel: number};
  footer: {copyright: string};
  blog: {sidebar: {groupByYear: boolean}};
};

const presetOptions = (config.presets?.[0] as [string, Record<string, Record<string, unknown>>])[1];

describe('site configuration', () => {
  it('has a single left-to-right English locale on the gregorian calendar', () => {
    expect(config.i18n).toMatchObject({
      defaultLocale: 'en',
      locales: ['en'],
      localeConfigs: {en: {direction: 'ltr', calendar: 'gregory'}},
    });
  });

  it('serves from the root and formats titles as "page | site"', () => {
    expect(config.baseUrl).toBe('/');
    expect(config.titleDelimiter).toBe('|');
  });

  it('throws on broken links and markdown images, and only warns on anchors and duplicates', () => {
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.markdown?.hooks?.onBrokenMarkdownImages).toBe('throw');
    expect(config.onBrokenAnchors).toBe('warn');
    expect(config.onDuplicateRoutes).toBe('warn');
  });

  it('builds with @docusaurus/faster', () => {
    expect(config.future).toMatchObject({experimental_faster: true});
  });

  it('defaults to light mode, allows the switch and ignores the system preference', () => {
    expect(themeConfig.colorMode).toEqual({
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    });
  });

  it('titles the navbar "Home", hides it on scroll and links Docs and Convention on the left', () => {
    expect(themeConfig.navbar.title).toBe('Home');
    expect(themeConfig.navbar.hideOnScroll).toBe(true);
    const left = themeConfig.navbar.items.filter((item) => item.position === 'left');
    expect(left).toEqual([
      expect.objectContaining({type: 'doc', docId: 'documentation', label: 'Docs'}),
      expect.objectContaining({type: 'doc', docId: 'convention/intro', label: 'Convention'}),
    ]);
  });

  it('puts Logout, search and the locale dropdown on the right', () => {
    const right = themeConfig.navbar.items
      .filter((item) => item.position === 'right')
      .map((item) => item.type);
    expect(right).toEqual(['custom-logout', 'search', 'localeDropdown']);
  });

  it('has a dismissible announcement bar with an id', () => {
    expect(themeConfig.announcementBar.id).toMatch(/\S/);
    expect(themeConfig.announcementBar.isCloseable).toBe(true);
  });

  it('shows headings h2 to h3 in the table of contents', () => {
    expect(themeConfig.tableOfContents).toEqual({minHeadingLevel: 2, maxHeadingLevel: 3});
  });

  it('says 2025 in the footer copyright', () => {
    expect(themeConfig.footer.copyright).toContain('2025');
  });

  it('labels the current docs version "Next" and shows breadcrumbs by default', () => {
    expect(presetOptions.docs).toMatchObject({
      breadcrumbs: true,
      versions: {current: {label: 'Next'}},
    });
  });

  it('groups the blog sidebar by year', () => {
    expect(themeConfig.blog.sidebar.groupByYear).toBe(true);
  });

  it('writes a daily sitemap at priority 0.5 without tag pages', () => {
    expect(presetOptions.sitemap).toMatchObject({
      changefreq: 'daily',
      priority: 0.5,
      ignorePatterns: expect.arrayContaining(['/docs/tags/**', '/blog/tags/**']),
    });
  });
});

describe('build-time reader features', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function freshConfig(env: Record<string, string>) {
    vi.resetModules();
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const {default: fresh} = await import('../docusaurus.config');
    const options = (fresh.presets?.[0] as [string, Record<string, Record<string, unknown>>])[1];
    return {docs: options.docs ?? {}, customFields: fresh.customFields ?? {}};
  }

  it('links "Edit this page" to EDIT_URL_BASE, and has no link when it is unset', async () => {
    const base = 'https://gitlab.example.com/studio/handbook/-/edit/main/site';
    expect((await freshConfig({EDIT_URL_BASE: base})).docs.editUrl).toBe(base);
    expect((await freshConfig({EDIT_URL_BASE: ''})).docs.editUrl).toBeUndefined();
  });

  it('shows the last update date and author from git in this checkout', async () => {
    expect((await freshConfig({})).docs).toMatchObject({
      showLastUpdateTime: true,
      showLastUpdateAuthor: true,
    });
  });

  it('calls a page stale after 12 months, or after STALE_PAGE_MONTHS', async () => {
    expect((await freshConfig({STALE_PAGE_MONTHS: ''})).customFields.staleAfterMonths).toBe(12);
    expect((await freshConfig({STALE_PAGE_MONTHS: '6'})).customFields.staleAfterMonths).toBe(6);
    await expect(freshConfig({STALE_PAGE_MONTHS: 'a year'})).rejects.toThrow(/STALE_PAGE_MONTHS/);
  });
});
