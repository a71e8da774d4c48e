import {describe, expect, it} from 'vitest';
import {BACKLOG, listenOptions, supportsReusePort} from '../src/hotPath/listenOptions';

describe('how a gate process listens', () => {
  it.each([
    ['20.20.2', false],
    ['22.11.0', false],
    ['22.12.0', true],
    ['23.0.0', false],
    ['23.1.0', true],
    ['24.4.1', true],
  ])('Node.js %s has reusePort: %s', (version, expected) => {
    expect(supportsReusePort(version)).toBe(expected);
  });

  it('gives each cluster worker its own socket on Linux with Node.js 22.12 or later', () => {
    expect(
      listenOptions('0.0.0.0', 3000, {isWorker: true, platform: 'linux', nodeVersion: '22.12.0'}),
    ).toEqual({
      host: '0.0.0.0',
      port: 3000,
      backlog: BACKLOG,
      exclusive: true,
      reusePort: true,
    });
  });

  it.each([
    ['a worker on Node.js 20', {isWorker: true, platform: 'linux', nodeVersion: '20.20.2'}],
    ['a single process', {isWorker: false, platform: 'linux', nodeVersion: '22.12.0'}],
    ['a worker on macOS', {isWorker: true, platform: 'darwin', nodeVersion: '22.12.0'}],
  ])('leaves %s to the cluster primary (or its own listen)', (_name, env) => {
    expect(listenOptions('127.0.0.1', 3000, env)).toEqual({
      host: '127.0.0.1',
      port: 3000,
      backlog: BACKLOG,
    });
  });
});
