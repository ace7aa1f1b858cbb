import { expect, test } from 'vitest';
import { listenerUrl } from './listenerUrl.ts';

test('listenerUrl: loopback for wildcard binds, brackets for IPv6', () => {
  expect(listenerUrl('http', '127.0.0.1', 80)).toBe('http://127.0.0.1:80');
  expect(listenerUrl('https', '0.0.0.0', 8443)).toBe('https://127.0.0.1:8443');
  expect(listenerUrl('http', '::', 8080)).toBe('http://[::1]:8080');
  expect(listenerUrl('http', '::1', 8080)).toBe('http://[::1]:8080');
  expect(listenerUrl('http', 'localhost', 1)).toBe('http://localhost:1');
});
