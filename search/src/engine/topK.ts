import type {Corpus} from './corpus';
import type {QueryRun} from './queryRun';
import {keyOf} from './recordScoring';

/** Keeps the best record of each URL (DocSearch's distinct); returns how many URLs. */
export function bestPerUrl(corpus: Corpus, run: QueryRun, touchedCount: number): number {
  const {scratch} = run;
  let urls = 0;
  for (let i = 0; i < touchedCount; i += 1) {
    const id = scratch.touched[i] as number;
    const url = corpus.urlIds[id] as number;
    const key = keyOf(corpus, run, id);
    if (scratch.urlStamp[url] !== scratch.generation) {
      scratch.urlStamp[url] = scratch.generation;
      scratch.urlBest[url] = id;
      scratch.urlKey[url] = key;
      scratch.touchedUrls[urls] = url;
      urls += 1;
    } else if (
      key > (scratch.urlKey[url] as number) ||
      (key === scratch.urlKey[url] && id < (scratch.urlBest[url] as number))
    ) {
      scratch.urlBest[url] = id;
      scratch.urlKey[url] = key;
    }
  }
  return urls;
}

/** The best `count` records of distinct URLs, best first (a bounded heap when many match). */
export function top(run: QueryRun, urlCount: number, count: number): number[] {
  const {urlKey, urlBest, touchedUrls} = run.scratch;
  const better = (a: number, b: number) =>
    (urlKey[a] as number) > (urlKey[b] as number) ||
    (urlKey[a] === urlKey[b] && (urlBest[a] as number) < (urlBest[b] as number));
  if (count <= 0) return [];
  const heap: number[] = []; // worst of the kept URLs at the root
  const siftDown = (start: number) => {
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && better(heap[worst] as number, heap[left] as number)) worst = left;
      if (right < heap.length && better(heap[worst] as number, heap[right] as number))
        worst = right;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
      i = worst;
    }
  };
  for (let i = 0; i < urlCount; i += 1) {
    const url = touchedUrls[i] as number;
    if (heap.length < count) {
      heap.push(url);
      for (let j = heap.length - 1; j > 0;) {
        const parent = (j - 1) >> 1;
        if (!better(heap[parent] as number, heap[j] as number)) break;
        [heap[parent], heap[j]] = [heap[j] as number, heap[parent] as number];
        j = parent;
      }
    } else if (better(url, heap[0] as number)) {
      heap[0] = url;
      siftDown(0);
    }
  }
  return heap
    .sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0))
    .map((url) => urlBest[url] as number);
}
