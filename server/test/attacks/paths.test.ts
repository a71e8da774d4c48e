import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HOST, companySession, testApp} from '../fixtures';
import {rawRequest} from './rawHttp';

// A build of our own, with a secret beside it and symlinks inside it pointing out.
let root: string;
let app: FastifyInstance;
let port: number;
let cookie: string;
const SECRET = 'TOP-SECRET-OUTSIDE-THE-BUILD';

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'gate-paths-'));
  const build = path.join(root, 'build');
  mkdirSync(path.join(build, 'docs/page'), {recursive: true});
  writeFileSync(path.join(build, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(path.join(build, '404.html'), '<!doctype html><title>Page Not Found</title>');
  writeFileSync(path.join(build, 'docs/page/index.html'), '<!doctype html><title>a page</title>');
  writeFileSync(path.join(root, 'secret.txt'), SECRET);
  symlinkSync(path.join(root, 'secret.txt'), path.join(build, 'linked-secret.txt'));
  symlinkSync(root, path.join(build, 'linked-dir'));
  symlinkSync('/etc/passwd', path.join(build, 'passwd'));
  ({app} = await testApp({SITE_DIR: build}));
  await app.listen({host: '127.0.0.1', port: 0});
  port = (app.server.address() as AddressInfo).port;
  cookie = await companySession(app);
});
afterAll(async () => {
  await app.close();
  rmSync(root, {recursive: true, force: true});
});

// Traversal in every encoding, as oauth2-proxy and static servers are attacked.
const TRAVERSALS = [
  '/../secret.txt',
  '/docs/../../secret.txt',
  '/..%2fsecret.txt',
  '/%2e%2e/secret.txt',
  '/%2e%2e%2fsecret.txt',
  '/..%5csecret.txt',
  '/..\\secret.txt',
  '/%252e%252e%252fsecret.txt',
  '/..%252fsecret.txt',
  '/%c0%ae%c0%ae/secret.txt',
  '/docs/page/..%00/index.html',
  '/index.html%00.txt',
  '/%00',
  '/linked-secret.txt',
  '/linked-dir/secret.txt',
  '/passwd',
  '/./index.html',
  '//secret.txt',
  '/docs//page/',
  `/${'a/'.repeat(1500)}`,
  `/${'x'.repeat(10_000)}`,
];

describe('paths', () => {
  it.each(TRAVERSALS)('never reads outside the build nor answers 5xx for %s', async (target) => {
    for (const headers of [{}, {cookie}] as Record<string, string>[]) {
      const response = await rawRequest(port, target, headers);
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(500);
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toContain('root:x:0:0');
    }
  });

  it('answers 401 to every one of them without a session', async () => {
    for (const target of TRAVERSALS) {
      const response = await rawRequest(port, target);
      expect([400, 401, 404, 414, 431], target).toContain(response.status);
    }
  });

  it('still serves the pages of the build', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/docs/page/',
      headers: {host: HOST, cookie},
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('a page');
  });
});
