import {readFileSync} from 'node:fs';

/** The parts of a V8 `.cpuprofile` (Chrome DevTools' format) this reader uses. */
type CallFrame = {readonly functionName: string; readonly url: string};
type ProfileNode = {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: number[];
};
type CpuProfile = {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
};

/** A category of work on the gate's hot path, recognised by the frames of a sample's stack. */
export type Category = {readonly name: string; readonly matches: (frame: CallFrame) => boolean};

const inPackage = (name: string) => (frame: CallFrame) =>
  frame.url.includes(`/node_modules/${name}/`);
const inSource = (file: string) => (frame: CallFrame) => frame.url.includes(file);
const named =
  (url: string, ...names: string[]) =>
  (frame: CallFrame) =>
    frame.url === url && names.includes(frame.functionName);
const any =
  (...tests: ((frame: CallFrame) => boolean)[]) =>
  (frame: CallFrame) =>
    tests.some((test) => test(frame));

/**
 * What the issue asks the profile to tell apart, plus the rest of a request's life. A sample
 * belongs to the innermost frame of its stack that one of these recognises (a sample inside
 * pino called from Fastify's response hook is logging, not Fastify), so the shares add up.
 */
export const GATE_CATEGORIES: readonly Category[] = [
  {name: 'idle (waiting in epoll)', matches: (f) => f.functionName === '(idle)'},
  {name: 'garbage collection', matches: (f) => f.functionName === '(garbage collector)'},
  {
    name: 'logging',
    matches: any(
      inPackage('pino'),
      inPackage('sonic-boom'),
      inPackage('thread-stream'),
      inSource('fastify/lib/log-controller'),
      inSource('server/src/observe/requestLog'),
    ),
  },
  {
    name: 'cookie parsing',
    matches: any(
      inPackage('@fastify/cookie'),
      inPackage('cookie'),
      inSource('server/src/session/cookie'),
    ),
  },
  {
    name: 'session verification (cache hit)',
    matches: any(
      inPackage('lru-cache'),
      inSource('server/src/session/sessionVerifier'),
      inSource('server/src/session/sessionCache'),
    ),
  },
  {
    name: 'compression choice',
    matches: any(
      (f) => /^RegExp: \\b(br|gzip)\\b/.test(f.functionName),
      inSource('server/src/static/encoding'),
    ),
  },
  {
    name: 'routing (URL → file)',
    matches: any(
      inPackage('find-my-way'),
      inSource('server/src/static/urlPath'),
      inSource('server/src/static/responseTable'),
      named('node:internal/url', 'parse'),
    ),
  },
  {
    name: 'header writing',
    matches: any(
      named(
        'node:_http_outgoing',
        'setHeader',
        'setHeaders',
        '_storeHeader',
        'processHeader',
        'validateHeaderName',
        'validateHeaderValue',
        'storeHeader',
        'matchHeader',
        '_implicitHeader',
        'utcDate',
      ),
      named('node:_http_server', 'writeHead', 'ServerResponse.writeHead'),
      named('node:_http_common', 'checkIsHttpToken', 'checkInvalidHeaderChar'),
      (f) => f.functionName.startsWith('RegExp: [^\\t\\x20-\\x7e'),
    ),
  },
  {
    name: 'socket write (body and headers to the kernel)',
    matches: any(
      (f) =>
        f.url === '' &&
        /^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeString)$/.test(f.functionName),
      inSource('node:internal/stream_base_commons'),
      inSource('node:internal/streams/writable'),
      named(
        'node:net',
        'Socket._writeGeneric',
        '_writeGeneric',
        'Socket._writev',
        '_writev',
        'Socket._final',
      ),
      named(
        'node:_http_outgoing',
        '_send',
        '_writeRaw',
        'write_',
        'end',
        'onFinish',
        'connectionCorkNT',
      ),
    ),
  },
  {
    name: 'HTTP parsing, request and socket bookkeeping (node:http)',
    matches: any(
      inSource('node:_http_'),
      inSource('node:net'),
      inSource('node:internal/timers'),
      inSource('node:timers'),
      (f) => f.url === '' && /^(execute|onStreamRead|onconnection)$/.test(f.functionName),
    ),
  },
  {
    name: 'Fastify request lifecycle (hooks, request/reply objects)',
    matches: any(inPackage('fastify'), inPackage('avvio'), inPackage('@fastify/rate-limit')),
  },
  {name: 'the gate’s own code (other)', matches: inSource('/server/src/')},
  {
    name: 'event loop, promises, ticks',
    matches: any(
      inSource('node:internal/process/task_queues'),
      inSource('node:events'),
      (f) => f.functionName === 'runMicrotasks' || f.functionName === '(program)',
    ),
  },
];

export type CategoryShare = {readonly name: string; readonly ms: number; readonly share: number};

export type ProfileSummary = {
  /** Sampled time inside the window, every category included (idle too). */
  readonly totalMs: number;
  /** Shares of the time the worker was busy (everything but idle). */
  readonly busy: readonly CategoryShare[];
  readonly idleShare: number;
  /** The heaviest leaf functions of busy time, for reading beside the categories. */
  readonly topFunctions: readonly CategoryShare[];
};

/**
 * Sums one or more worker profiles over a window of the monotonic clock (microseconds, as
 * `process.hrtime` and V8's profile timestamps count), attributing every sample to a category.
 */
export function summariseProfiles(
  files: readonly string[],
  window: {readonly fromUs: number; readonly toUs: number},
  categories: readonly Category[] = GATE_CATEGORIES,
): ProfileSummary {
  const byCategory = new Map<string, number>();
  const byLeaf = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parent.set(child, node.id);
    // The category of each node, found once: its own frame's, else its caller's.
    const categoryOf = new Map<number, string>();
    const resolve = (id: number): string => {
      const known = categoryOf.get(id);
      if (known !== undefined) return known;
      const node = nodes.get(id);
      const own = node ? categories.find((c) => c.matches(node.callFrame))?.name : undefined;
      const up = parent.get(id);
      const result = own ?? (up === undefined ? 'other (V8, native)' : resolve(up));
      categoryOf.set(id, result);
      return result;
    };
    let time = profile.startTime;
    for (let i = 0; i < profile.samples.length; i += 1) {
      time += profile.timeDeltas[i] ?? 0;
      const dt = profile.timeDeltas[i + 1] ?? 0;
      if (time < window.fromUs || time > window.toUs) continue;
      const id = profile.samples[i] ?? 0;
      const category = resolve(id);
      byCategory.set(category, (byCategory.get(category) ?? 0) + dt);
      total += dt;
      const frame = nodes.get(id)?.callFrame;
      if (frame && category !== 'idle (waiting in epoll)') {
        const where = frame.url
          .replace(/^.*\/node_modules\//, '')
          .replace(/^.*\/(server|search)\/src\//, '$1/');
        const leaf = `${frame.functionName || '(anonymous)'} ${where}`.trim();
        byLeaf.set(leaf, (byLeaf.get(leaf) ?? 0) + dt);
      }
    }
  }
  const idle = byCategory.get('idle (waiting in epoll)') ?? 0;
  const busyTotal = Math.max(total - idle, 1);
  const shares = (entries: Iterable<[string, number]>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({name, ms: Math.round(us / 1000), share: us / busyTotal}));
  return {
    totalMs: Math.round(total / 1000),
    busy: shares([...byCategory].filter(([name]) => name !== 'idle (waiting in epoll)')),
    idleShare: total > 0 ? idle / total : 0,
    topFunctions: shares(byLeaf).slice(0, 15),
  };
}
