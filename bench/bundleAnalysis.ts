import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {brotliCompressSync, constants} from 'node:zlib';

/**
 * What JavaScript the production build makes a reader's browser load, read from the build's own
 * records: Docusaurus writes the route → chunk-name map (.docusaurus/routesChunkNames.json) and
 * the chunk-name → file map (.docusaurus/client-manifest.json) on every `npm run build`. A page
 * loads the entry chunks (runtime~main, main) plus the chunks of every route that renders it
 * (the top-level layout such as /docs, then the page itself) before it can hydrate; everything
 * else (DocSearch's modal, Ask AI, other pages) is fetched on demand. Sizes are brotli at
 * quality 11, what a static precompression would send.
 */
export type ChunkFile = {
  readonly file: string;
  readonly rawBytes: number;
  readonly brotliBytes: number;
};
export type PageJs = {
  readonly page: string;
  readonly files: ChunkFile[];
  readonly brotliBytes: number;
};

type Manifest = {
  entrypoints: string[];
  origins: Record<string, string[]>;
  assets: Record<string, {js?: {file: string}[]}>;
};

export function siteDirs(siteDir: string): {buildDir: string; generatedDir: string} {
  return {buildDir: path.join(siteDir, 'build'), generatedDir: path.join(siteDir, '.docusaurus')};
}

const sizes = new Map<string, ChunkFile>();
export function chunkFile(buildDir: string, file: string): ChunkFile {
  const full = path.join(buildDir, file);
  const known = sizes.get(full);
  if (known) return known;
  const raw = readFileSync(full);
  const measured = {
    file,
    rawBytes: statSync(full).size,
    brotliBytes: brotliCompressSync(raw, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}}).length,
  };
  sizes.set(full, measured);
  return measured;
}

export class BuildJs {
  private readonly manifest: Manifest;
  private readonly routes: Record<string, unknown>;
  constructor(private readonly siteDir: string) {
    const {generatedDir} = siteDirs(siteDir);
    const manifestFile = path.join(generatedDir, 'client-manifest.json');
    if (!existsSync(manifestFile))
      throw new Error(`No ${manifestFile}: run \`npm run build\` first.`);
    this.manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    this.routes = JSON.parse(
      readFileSync(path.join(generatedDir, 'routesChunkNames.json'), 'utf8'),
    ) as Record<string, unknown>;
  }

  private get buildDir(): string {
    return siteDirs(this.siteDir).buildDir;
  }

  /** The .js files a chunk name (or entry name) brings, with the chunks it depends on. */
  filesOf(name: string): string[] {
    const ids = this.manifest.origins[name] ?? [];
    return ids.flatMap((id) => (this.manifest.assets[id]?.js ?? []).map((asset) => asset.file));
  }

  /** The entry chunks every page loads: webpack's runtime and Docusaurus's main bundle. */
  entryFiles(): ChunkFile[] {
    const files = new Set(
      ['runtime~main', ...this.manifest.entrypoints].flatMap((n) => this.filesOf(n)),
    );
    return [...files].map((f) => chunkFile(this.buildDir, f));
  }

  /** The main chunk alone (assets/js/main.<hash>.js). */
  mainChunk(): ChunkFile {
    const main = this.entryFiles().find((f) => /(^|\/)main\.[0-9a-f]+\.js$/.test(f.file));
    if (!main) throw new Error('The build has no main chunk.');
    return main;
  }

  /** Route keys (path-hash) that render `page`: the page itself and its top-level layout. */
  routeKeysFor(page: string): string[] {
    return Object.keys(this.routes).filter((key) => {
      const routePath = key.replace(/-[0-9a-f]{3}$/, '');
      if (routePath === page) return true;
      const isTopLevelLayout = routePath !== '/' && routePath.split('/').length === 2;
      return isTopLevelLayout && page.startsWith(`${routePath}/`);
    });
  }

  private chunkNames(value: unknown): string[] {
    if (typeof value === 'string') return [value];
    if (value && typeof value === 'object')
      return Object.values(value).flatMap((v) => this.chunkNames(v));
    return [];
  }

  /** All JS the page loads before it can hydrate (entry chunks + its routes' chunks). */
  pageJs(page: string): PageJs {
    const keys = this.routeKeysFor(page);
    if (keys.length === 0) throw new Error(`No route in the build renders ${page}.`);
    const files = new Set(this.entryFiles().map((f) => f.file));
    for (const key of keys)
      for (const name of this.chunkNames(this.routes[key]))
        for (const file of this.filesOf(name)) files.add(file);
    const measured = [...files].map((f) => chunkFile(this.buildDir, f));
    return {
      page,
      files: measured,
      brotliBytes: measured.reduce((sum, f) => sum + f.brotliBytes, 0),
    };
  }

  /**
   * The files of a named on-demand chunk with the chunks it depends on, e.g. "prism" (Prism and
   * its languages, src/theme/CodeBlock/Content: loaded only when a code block must be
   * highlighted in the browser).
   */
  lazyChunk(name: string): ChunkFile[] {
    const files = this.filesOf(name);
    if (files.length === 0) throw new Error(`The build has no chunk named ${name}.`);
    return files.map((f) => chunkFile(this.buildDir, f));
  }

  /** Every emitted JS file, for the report's "everything else" line. */
  allJsFiles(): ChunkFile[] {
    const all = new Set(
      Object.values(this.manifest.assets).flatMap((a) => (a.js ?? []).map((asset) => asset.file)),
    );
    return [...all].map((f) => chunkFile(this.buildDir, f));
  }
}

/** Pages the budgets and the Lighthouse bench watch: a doc page, the home page, search. */
export const WATCHED_PAGES = ['/docs/tools/git', '/', '/search'] as const;

/** Budgets (brotli bytes). Raise them only with a reason in the commit message. */
export const BUDGETS = {
  mainChunkBrotli: 112 * 1024,
  docPageJsBrotli: 140 * 1024,
} as const;
