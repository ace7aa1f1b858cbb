import { describe, expect, test } from 'vitest';
import { apiRoot } from './apiRoot.ts';
import { apiUrl } from './platformRequests.ts';

describe('apiRoot: the API base URL as the seed writes it or as the platform documents it', () => {
  test.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com/v2', 'https://api.example.com'],
    ['https://api.example.com/v2/', 'https://api.example.com'],
    ['https://gw.example.com/zoom/v2', 'https://gw.example.com/zoom'],
    ['https://gw.example.com/zoom', 'https://gw.example.com/zoom'],
  ])('%s: the API at %s/v2/...', (given, root) => {
    expect(apiRoot(given)).toBe(root);
    expect(apiUrl(given, '/v2/users/me')).toBe(`${root}/v2/users/me`);
  });

  test('only a whole last /v2 segment is dropped', () => {
    expect(apiRoot('https://api.example.com/v20')).toBe('https://api.example.com/v20');
    expect(apiRoot('https://api.example.com/apiv2')).toBe('https://api.example.com/apiv2');
    expect(apiRoot('https://api.example.com/v2/x')).toBe('https://api.example.com/v2/x');
  });
});
