import { describe, expect, test } from 'vitest';
import { PathPattern } from './PathPattern.ts';

describe('PathPattern', () => {
  test('matches literal segments and captures :name ones as sent', () => {
    expect(new PathPattern('/small').match('/small')).toEqual({ params: {}, prefix: '' });
    expect(new PathPattern('/status/:code').match('/status/418')).toEqual({ params: { code: '418' }, prefix: '' });
    expect(new PathPattern('/v2/meetings/:id').match('/v2/meetings/%2Fabc%3D%3D')?.params).toEqual({ id: '%2Fabc%3D%3D' });
  });

  test('no match for other lengths, empty parameters or trailing slashes', () => {
    const patterns = ['/small', '/status/:code', '/redirect/loop/:side'].map((p) => new PathPattern(p));
    for (const path of ['/', '/small/', '/status', '/status/', '/status/1/2', '/redirect/loop', '/x/small']) {
      expect(patterns.map((p) => p.match(path)), path).toEqual([undefined, undefined, undefined]);
    }
  });

  test('a leading * takes any run of whole segments, reported as the prefix', () => {
    const me = new PathPattern('*/v2/users/me');
    expect(me.match('/v2/users/me')).toEqual({ params: {}, prefix: '' });
    expect(me.match('/zoom/api/v2/users/me')).toEqual({ params: {}, prefix: '/zoom/api' });
    expect(me.match('/v2/users/me/x')).toBeUndefined();
    expect(me.match('/users/me')).toBeUndefined();
  });

  test('a rest parameter takes the remaining segments, slashes included, and never nothing', () => {
    const meeting = new PathPattern('/v2/meetings/:id+');
    expect(meeting.match('/v2/meetings/ab/cd==')?.params).toEqual({ id: 'ab/cd==' });
    expect(meeting.match('/v2/meetings/')).toBeUndefined();
    expect(meeting.match('/v2/meetings')).toBeUndefined();
    expect(() => new PathPattern('*/v2/:rest+')).toThrow();
    expect(() => new PathPattern('v2/x')).toThrow();
  });

  test('OpenAPI templates: {name} segments are parameters, a base path may come first, weight ranks literals first', () => {
    const byId = PathPattern.fromTemplate('/v2/users/{userId}');
    expect(byId.match('/api/v2/users/u%201')).toEqual({ params: { userId: 'u%201' }, prefix: '/api' });
    expect(PathPattern.fromTemplate('/v2/users/{userId}')).toBe(byId);
    expect(PathPattern.fromTemplate('/v2/users/me').weight).toBeGreaterThan(byId.weight);
    expect(PathPattern.fromTemplate('/files/{name}.json').match('/files/a.json')).toBeUndefined();
  });

  describe('decodeOnce: the meeting gateway', () => {
    const meeting = new PathPattern('/v2/meetings/:id+', { decodeOnce: true });
    const user = new PathPattern('/v2/users/:userId', { decodeOnce: true });

    test('a UUID encoded twice reaches the route whole, decoded by the gateway and once more by the route', () => {
      expect(meeting.match('/v2/meetings/%252Fabc%253D%253D')?.params).toEqual({ id: '/abc==' });
      expect(user.match('/v2/users/a%2540b.test')?.params).toEqual({ userId: 'a@b.test' });
    });

    test('encoded once, the "/" it holds becomes a path separator and the empty segment is folded away', () => {
      expect(meeting.match('/v2/meetings/%2Fabc%3D%3D')?.params).toEqual({ id: 'abc==' });
      expect(meeting.match('/v2/meetings/ab%2Fcd%3D%3D')?.params).toEqual({ id: 'ab/cd==' });
      expect(user.match('/v2/users/%2Fme')?.params).toEqual({ userId: 'me' });
    });

    test('literal segments compare with the decoded path; a "%" that starts no escape is kept', () => {
      expect(user.match('/v2/%75sers/me')?.params).toEqual({ userId: 'me' });
      expect(meeting.match('/v2/meetings/%zz')?.params).toEqual({ id: '%zz' });
      expect(user.match('/v2/users/me/')).toBeUndefined();
    });
  });
});
