import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {engine, idOf, pageOf, records, request} from './handbookEngine';

/**
 * Typo robustness, for tuning typo tolerance without tuning on judged typo queries: every clean
 * keyword query of judged-queries.json (titles, concepts, tools, prefixes) and every page title
 * of three words or fewer, each with seeded random typos of the kinds people make (a swap of
 * adjacent letters, a dropped, doubled or extra letter, a neighbouring key), one or two in one
 * word of four letters or more. Reports how often the page that answers the clean query still
 * ranks first. `node --import tsx search-relevance/typo-robustness.ts [--verbose]`.
 */
type Judged = {query: string; kind: string; expected: string[]};
const here = path.dirname(fileURLToPath(import.meta.url));
const first = (query: string) => {
  const hit = engine.search(request(query)).hits[0];
  return hit ? pageOf(idOf(hit.objectID)) : '';
};

const judged = JSON.parse(readFileSync(path.join(here, 'judged-queries.json'), 'utf8')) as Judged[];
const seeds: Judged[] = judged.filter((item) =>
  ['title', 'concept', 'tool', 'prefix'].includes(item.kind),
);
const titles = new Map<string, string>();
for (const record of records) {
  const page = new URL(record.url).pathname;
  if (record.type === 'lvl1' && !page.includes('/category/') && record.hierarchy.lvl1)
    titles.set(page, record.hierarchy.lvl1);
}
for (const [page, title] of titles)
  if (title.split(/\s+/).length <= 3)
    seeds.push({query: title.toLowerCase(), kind: 'page title', expected: [page]});

let seed = 20261123;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const neighbours = (letter: string) => {
  const row = ROWS.findIndex((r) => r.includes(letter));
  if (row < 0) return [letter];
  const col = (ROWS[row] as string).indexOf(letter);
  const near: string[] = [];
  for (const r of [row - 1, row, row + 1]) {
    const keys = ROWS[r];
    if (!keys) continue;
    for (const c of [col - 1, col, col + 1]) {
      const key = keys[c];
      if (key && key !== letter) near.push(key);
    }
  }
  return near;
};
const KINDS = ['swap', 'drop', 'double', 'near key', 'extra'] as const;
function typo(word: string, kind: (typeof KINDS)[number]): string {
  const i = Math.floor(random() * (word.length - 1));
  const letter = word[i] as string;
  switch (kind) {
    case 'swap':
      return word.slice(0, i) + (word[i + 1] ?? '') + letter + word.slice(i + 2);
    case 'drop':
      return word.slice(0, i) + word.slice(i + 1);
    case 'double':
      return word.slice(0, i) + letter + word.slice(i);
    case 'near key':
      return word.slice(0, i) + pick(neighbours(letter)) + word.slice(i + 1);
    case 'extra':
      return word.slice(0, i) + pick(neighbours(letter)) + word.slice(i);
  }
}

const verbose = process.argv.includes('--verbose');
const tally = new Map<string, [number, number]>();
const count = (key: string, ok: boolean) => {
  const [good, all] = tally.get(key) ?? [0, 0];
  tally.set(key, [good + (ok ? 1 : 0), all + 1]);
};
for (const item of seeds) {
  const clean = item.expected.includes(first(item.query));
  count('clean', clean);
  if (!clean) continue;
  const words = item.query.split(/\s+/);
  const long = words
    .map((word, index) => [word, index] as const)
    .filter(([word]) => /^[a-z]{4,}$/.test(word));
  if (long.length === 0) continue;
  for (const kind of KINDS) {
    for (const typos of [1, 2]) {
      const [word, index] = pick(long);
      if (typos === 2 && word.length < 8) continue;
      let wrong = typo(word, kind);
      if (typos === 2) wrong = typo(wrong, pick(KINDS));
      if (wrong === word) continue;
      const query = words.map((w, j) => (j === index ? wrong : w)).join(' ');
      const top = first(query);
      const ok = item.expected.includes(top);
      count(`typo ${typos} ${kind}`, ok);
      count(`typo all`, ok);
      if (!ok && verbose)
        console.log(`miss: ${query} (${item.query}) → ${top}, wanted ${item.expected.join(' ')}`);
    }
  }
}
for (const [key, [good, all]] of [...tally].sort())
  console.log(`## ${key.padEnd(16)} ${good}/${all} ${((100 * good) / all).toFixed(1)}%`);
