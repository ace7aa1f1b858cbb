import { describe, expect, test } from 'vitest';
import type { FarmRoute } from './FarmRoute.ts';
import { matchRoute } from './matchRoute.ts';

const route = (path: string): FarmRoute => ({ path, summary: path, handle: () => {} });
const routes = [route('/small'), route('/status/:code'), route('/redirect/loop/:side')];

describe('matchRoute', () => {
  test('matches literal paths and captures :name segments', () => {
    expect(matchRoute(routes, '/small')?.route.path).toBe('/small');
    expect(matchRoute(routes, '/status/418')).toMatchObject({ route: { path: '/status/:code' }, params: { code: '418' } });
  });

  test('no match for other lengths, empty parameters or trailing slashes', () => {
    for (const path of ['/', '/small/', '/status', '/status/', '/status/1/2', '/redirect/loop']) {
      expect(matchRoute(routes, path), path).toBeUndefined();
    }
  });
});
