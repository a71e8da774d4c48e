import type {SearchRecord} from '@studio-handbook/search/types';

/**
 * A synthetic corpus of `size` records shaped like the handbook's (same sections, same
 * heading/content mix, words drawn from the handbook's own vocabulary with its frequencies),
 * so the engine can be measured at 25x the handbook. Deterministic (seeded).
 */
export function syntheticCorpus(
  handbook: readonly SearchRecord[],
  size: number,
  seed = 42,
): SearchRecord[] {
  let state = seed;
  const random = () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const words = handbook.flatMap((record) =>
    `${record.content ?? ''} ${record.hierarchy.lvl2 ?? ''}`.split(/\s+/).filter(Boolean),
  );
  const sentence = (length: number) => Array.from({length}, () => pick(words)).join(' ');
  const records: SearchRecord[] = [];
  let page = 0;
  while (records.length < size) {
    page += 1;
    const template = pick(handbook);
    const url = `https://handbook.test/docs/synthetic/page-${page}`;
    const lvl1 = sentence(2 + Math.floor(random() * 3));
    const base = {language: 'en', docusaurus_tag: 'docs-default-current', kind: 'doc' as const};
    const hierarchy = {
      lvl0: template.hierarchy.lvl0,
      lvl1,
      lvl2: null,
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    };
    records.push({
      ...base,
      objectID: `s${records.length}`,
      url,
      type: 'lvl1',
      hierarchy,
      content: null,
      position: records.length,
    });
    for (let section = 0; section < 4 && records.length < size; section += 1) {
      const lvl2 = sentence(2 + Math.floor(random() * 3));
      const anchor = `${url}#section-${section}`;
      const sub = {...hierarchy, lvl2};
      records.push({
        ...base,
        objectID: `s${records.length}`,
        url: anchor,
        type: 'lvl2',
        hierarchy: sub,
        content: null,
        position: records.length,
      });
      for (let block = 0; block < 5 && records.length < size; block += 1) {
        records.push({
          ...base,
          objectID: `s${records.length}`,
          url: anchor,
          type: 'content',
          hierarchy: sub,
          content: sentence(15 + Math.floor(random() * 40)),
          position: records.length,
        });
      }
    }
  }
  return records;
}
