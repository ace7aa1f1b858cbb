import { describe, expect, test } from 'vitest';
import { resolveLockKey, userProjectLock, type PackageLock } from './userProjectLock.ts';

const repoLock: PackageLock = {
  name: 'conform-harness',
  lockfileVersion: 3,
  packages: {
    '': { name: 'conform-harness' },
    'node_modules/a': { version: '1.0.0', dependencies: { b: '^2', c: '^1' }, optionalDependencies: { 'a-linux': '1', 'a-darwin': '1' } },
    'node_modules/a/node_modules/b': { version: '2.0.0' },
    'node_modules/a-linux': { version: '1.0.0', optional: true, os: ['linux'] },
    'node_modules/b': { version: '1.0.0', dev: true },
    'node_modules/c': { version: '1.0.0', devOptional: true, peerDependencies: { d: '*', e: '*' }, peerDependenciesMeta: { e: { optional: true } } },
    'node_modules/d': { version: '1.0.0' },
    'node_modules/ts': { version: '5.0.0', dev: true },
    'node_modules/unused': { version: '1.0.0', dev: true },
  },
};

describe('the user project lock from the repository lock', () => {
  test('resolves a name as Node does: nested first, then each parent folder', () => {
    expect(resolveLockKey(repoLock.packages, 'node_modules/a', 'b')).toBe('node_modules/a/node_modules/b');
    expect(resolveLockKey(repoLock.packages, 'node_modules/a', 'c')).toBe('node_modules/c');
    expect(resolveLockKey(repoLock.packages, '', 'b')).toBe('node_modules/b');
    expect(resolveLockKey(repoLock.packages, '', 'missing')).toBeUndefined();
  });

  test('keeps what the package and the extra dev dependencies reach, all as dev, optional where it was', () => {
    const lock = userProjectLock(repoLock, {
      name: 'user-project',
      manifest: { name: 'pkg', version: '0.1.0', dependencies: { a: '^1' }, license: 'MIT' },
      tarball: 'pkg-0.1.0.tgz',
      integrity: 'sha512-x',
      devDependencies: { ts: '^5' },
    });
    expect(lock.packages['']).toEqual({ name: 'user-project', devDependencies: { pkg: 'file:pkg-0.1.0.tgz', ts: '^5' } });
    expect(lock.packages['node_modules/pkg']).toMatchObject({ version: '0.1.0', resolved: 'file:pkg-0.1.0.tgz', integrity: 'sha512-x', dev: true, license: 'MIT' });
    // b at the top is the repository's dev-only copy: the package reaches its own nested b instead.
    expect(Object.keys(lock.packages).sort()).toEqual(
      ['', 'node_modules/a', 'node_modules/a-linux', 'node_modules/a/node_modules/b', 'node_modules/c', 'node_modules/d', 'node_modules/pkg', 'node_modules/ts'].sort(),
    );
    expect(lock.packages['node_modules/a-linux']).toMatchObject({ dev: true, optional: true });
    expect(lock.packages['node_modules/c']).toEqual(expect.objectContaining({ dev: true, optional: true }));
    expect(lock.packages['node_modules/c']).not.toHaveProperty('devOptional');
    expect(lock.packages['node_modules/a']).not.toHaveProperty('optional');
  });

  test('a required dependency the repository lock lacks is an error, not a silently smaller install', () => {
    const { 'node_modules/d': _dropped, ...packages } = repoLock.packages;
    const broken: PackageLock = { ...repoLock, packages };
    expect(() =>
      userProjectLock(broken, { name: 'u', manifest: { name: 'pkg', version: '1.0.0', dependencies: { a: '^1' } }, tarball: 't.tgz', integrity: '', devDependencies: {} }),
    ).toThrow('the repository lock has no d for node_modules/c');
  });
});
