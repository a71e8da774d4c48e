import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/**
 * Docusaurus's <Link> prefetches the chunks of every internal link that scrolls into view, so
 * that a click renders at once. On a doc page that is every sidebar link, all in one
 * IntersectionObserver task right after hydration: each prefetch matches the route table and
 * appends <link rel="prefetch"> elements, and together they blocked a phone's main thread for
 * a third of a second (issue 14). The same prefetches still happen, one route per idle period,
 * after the reader's page is interactive. Hover and touch still preload at once (`preload`).
 */
type Prefetch = Window['docusaurus']['prefetch'];
type Queued = {readonly routePath: string; readonly done: (result: ReturnType<Prefetch>) => void};

const queue: Queued[] = [];
const queued = new Set<string>();
let installed = false;
let scheduled = false;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, {timeout: 3000});
  else window.setTimeout(run, 200);
}

function install(): void {
  const docusaurus = window.docusaurus as Window['docusaurus'] | undefined;
  if (installed || !docusaurus) return;
  installed = true;
  const prefetchNow = docusaurus.prefetch;
  const drain = () => {
    scheduled = false;
    const next = queue.shift();
    if (next) next.done(prefetchNow(next.routePath));
    if (queue.length > 0) {
      scheduled = true;
      whenIdle(drain);
    }
  };
  // Docusaurus freezes the object: the page gets a copy with the idle prefetch.
  const prefetch: Prefetch = (routePath) => {
    if (queued.has(routePath)) return false;
    queued.add(routePath);
    const prefetched = new Promise<ReturnType<Prefetch>>((done) => queue.push({routePath, done}));
    if (!scheduled) {
      scheduled = true;
      whenIdle(drain);
    }
    return prefetched.then((result) => (result === false ? [] : result));
  };
  window.docusaurus = Object.freeze({...docusaurus, prefetch});
}

// Docusaurus sets window.docusaurus in its entry module, after every client module has been
// evaluated and before anything renders: a microtask runs in between.
if (ExecutionEnvironment.canUseDOM) queueMicrotask(install);

export function onRouteDidUpdate(): void {
  if (ExecutionEnvironment.canUseDOM) install();
}
