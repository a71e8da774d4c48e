import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {brotliCompressSync, constants, gzipSync} from 'node:zlib';
import {contentTypeOf, isCompressible} from './contentTypes';

/** One file of a build, held in memory with everything a response needs precomputed. */
export type Asset = {
  readonly body: Buffer;
  readonly gzip: Buffer | null;
  readonly brotli: Buffer | null;
  readonly contentType: string;
  readonly etag: string;
  readonly cacheControl: string;
};

export type AssetStore = ReadonlyMap<string, Asset>;

const MIN_COMPRESS_BYTES = 512;

/**
 * Brotli's window sized to the file (RFC 7932 allows 2^10 to 2^24 bytes): the encoder's hash
 * tables follow the window, so the default 4 MiB window made quality 9 cost ~90 ms per file
 * however small, 15 s for this build at every start of every worker; sized to the file it is
 * 2.5 s, and the bytes are the same within 0.1% (a window larger than the input finds nothing).
 */
function brotliWindowBits(bytes: number): number {
  return Math.max(10, Math.min(24, Math.ceil(Math.log2(bytes + 1))));
}

/** Docusaurus puts content hashes in the names of everything under /assets/. */
const HASHED_ASSET = /^\/assets\//;

function cacheControlFor(urlPath: string, contentType: string): string {
  // `private`: never cacheable by a shared cache, since every byte is behind the sign-in.
  if (HASHED_ASSET.test(urlPath)) return 'private, max-age=31536000, immutable';
  if (contentType.startsWith('text/html')) return 'private, no-cache';
  return 'private, max-age=300, must-revalidate';
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile()) // symlinks and special files are never served
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Reads every regular file of `dir` into memory, keyed by URL path (`/docs/x/index.html`).
 * Requests are answered from this map only, so no request can read outside the build.
 */
export function loadAssetStore(dir: string): AssetStore {
  const store = new Map<string, Asset>();
  for (const file of listFiles(dir)) {
    const urlPath = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    const body = readFileSync(file);
    const contentType = contentTypeOf(file);
    const compress = isCompressible(contentType) && body.length >= MIN_COMPRESS_BYTES;
    store.set(urlPath, {
      body,
      gzip: compress ? gzipSync(body, {level: 9}) : null,
      brotli: compress
        ? brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
            },
          })
        : null,
      contentType,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: cacheControlFor(urlPath, contentType),
    });
  }
  return store;
}
