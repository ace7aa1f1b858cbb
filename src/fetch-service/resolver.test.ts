import { expect, test } from 'vitest';
import { systemResolver } from './resolver.ts';

// Only literals: getaddrinfo answers them itself, so this test sends no DNS query.
test('systemResolver returns addresses with their family', async () => {
  expect(await systemResolver('127.0.0.1')).toEqual([{ address: '127.0.0.1', family: 4 }]);
  expect(await systemResolver('::1')).toEqual([{ address: '::1', family: 6 }]);
});
