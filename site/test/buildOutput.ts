import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const buildDir = path.join(siteDir, 'build');

/** The spec's route list: the shared copy when it is beside the repo, else the vendored one. */
export const sharedRoutesFile = path.resolve(siteDir, '../../shared/spec/routes.txt');
export const vendoredRoutesFile = path.join(siteDir, 'test/routes.txt');

export function parseRoutes(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The HTML file Docusaurus writes for a route (trailingSlash left undefined). */
export function htmlFileForRoute(route: string): string | undefined {
  const base = path.join(buildDir, route);
  const candidates = route.endsWith('/')
    ? [path.join(base, 'index.html')]
    : [path.join(base, 'index.html'), `${base}.html`];
  return candidates.find((file) => existsSync(file));
}

export function readBuildFile(relative: string): string {
  return readFileSync(path.join(buildDir, relative), 'utf8');
}

export function assertBuilt(): void {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`No build in ${buildDir}: run \`npm run build\` before the tests.`);
  }
}
