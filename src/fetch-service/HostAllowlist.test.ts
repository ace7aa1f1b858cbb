import { describe, expect, test } from 'vitest';
import { HostAllowlist, parseAllowHost } from './HostAllowlist.ts';

describe('parseAllowHost', () => {
  test.each([
    ['origin.test', { host: 'origin.test' }],
    ['Origin.TEST.', { host: 'origin.test' }],
    ['127.0.0.1:8443', { host: '127.0.0.1', port: 8443 }],
    ['127.1', { host: '127.0.0.1' }],
    ['[::1]:80', { host: '::1', port: 80 }],
    ['[0:0:0:0:0:0:0:1]', { host: '::1' }],
  ])('%s', (entry, parsed) => {
    expect(parseAllowHost(entry)).toEqual(parsed);
  });

  test.each(['', 'http://origin.test/', 'origin.test:0', 'origin.test:70000', '::1', 'a b', 'host:port'])('rejects %j', (entry) => {
    expect(() => parseAllowHost(entry)).toThrow();
  });
});

describe('HostAllowlist', () => {
  const list = new HostAllowlist(['origin.test', '127.0.0.1:8443', '[::1]:9000']);

  test('a host without port is admitted on every port', () => {
    expect(list.admits('origin.test', 80)).toBe(true);
    expect(list.admits('ORIGIN.test.', 4431)).toBe(true);
  });

  test('a host with port is admitted on that port only', () => {
    expect(list.admits('127.0.0.1', 8443)).toBe(true);
    expect(list.admits('127.0.0.1', 8444)).toBe(false);
    expect(list.admits('[::1]', 9000)).toBe(true);
    expect(list.admits('::1', 9001)).toBe(false);
  });

  test('nothing else is admitted: not subdomains, not other spellings resolved elsewhere', () => {
    expect(list.admits('sub.origin.test', 80)).toBe(false);
    expect(list.admits('localhost', 8443)).toBe(false);
    expect(list.size).toBe(3);
  });
});
