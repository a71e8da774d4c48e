import {beforeAll, describe, expect, it} from 'vitest';
import {assertBuilt, readBuildFile} from './buildOutput';

describe('the sitemap', () => {
  let urls: {loc: string; changefreq: string | undefined; priority: string | undefined}[] = [];

  beforeAll(() => {
    assertBuilt();
    const xml = readBuildFile('sitemap.xml');
    urls = [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, body = '']) => ({
      loc: /<loc>(.*?)<\/loc>/.exec(body)?.[1] ?? '',
      changefreq: /<changefreq>(.*?)<\/changefreq>/.exec(body)?.[1],
      priority: /<priority>(.*?)<\/priority>/.exec(body)?.[1],
    }));
  });

  it('lists the doc pages', () => {
    expect(urls.some((url) => url.loc.endsWith('/docs/documentation'))).toBe(true);
    expect(urls.length).toBeGreaterThan(60);
  });

  it('marks every page as changing daily with priority 0.5', () => {
    expect(urls.filter((url) => url.changefreq !== 'daily' || url.priority !== '0.5')).toEqual([]);
  });

  it('excludes tag pages', () => {
    expect(urls.filter((url) => url.loc.includes('/tags'))).toEqual([]);
  });
});
