import {describe, expect, it} from 'vitest';
import {preferredCoding} from '../src/static/encoding';

describe('the coding a request gets', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5', 'br'],
    ['gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['brotli, xgzip', 'identity'],
  ])('Accept-Encoding %j gets %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});
