// A lockfile for a fresh project that installs the packed tarball, pinned to the repository's own lock:
// `npm ci --offline` then installs it from npm's cache as `npm ci` of the repository filled it, with no
// registry (the tests run in a network namespace with loopback only). Without a lock npm would need
// every dependency's registry metadata, which `npm ci` does not fetch.

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface PackageLock {
  name: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

export interface UserProject {
  name: string;
  /** The package under test: its manifest (name, version, dependencies, bin, engines, license). */
  manifest: { name: string; version: string; dependencies: Record<string, string>; [field: string]: unknown };
  /** The tarball's file name in the project folder, and its sha512 integrity. */
  tarball: string;
  integrity: string;
  /** The project's other dev dependencies, by the specs of the repository that the repository lock resolves. */
  devDependencies: Record<string, string>;
}

/** Where Node finds `name` from the package at `from` (a lock key, '' for the root): its lock key. */
export function resolveLockKey(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  for (let dir = from; ; dir = parentPackage(dir)) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return undefined;
  }
}

function parentPackage(key: string): string {
  const at = key.lastIndexOf('/node_modules/');
  return at < 0 ? '' : key.slice(0, at);
}

/**
 * The user project's lock: its root, the tarball, and every entry of the repository's lock that the
 * tarball's dependencies and the project's dev dependencies reach, at the same paths (they resolve the
 * same way there). Everything is a dev dependency of the project; optional stays optional, so packages
 * for other platforms are skipped as in the repository.
 */
export function userProjectLock(repoLock: PackageLock, project: UserProject): PackageLock {
  const repo = repoLock.packages;
  const kept = new Map<string, LockEntry>();
  const visit = (from: string, deps: Record<string, string> | undefined, optional: (name: string) => boolean) => {
    for (const name of Object.keys(deps ?? {})) {
      const key = resolveLockKey(repo, from, name);
      if (!key) {
        if (optional(name)) continue;
        throw new Error(`the repository lock has no ${name} for ${from || 'the root'}: run npm install`);
      }
      if (kept.has(key)) continue;
      const entry = repo[key]!;
      kept.set(key, entry);
      visit(key, entry.dependencies, () => false);
      visit(key, entry.optionalDependencies, () => true);
      visit(key, entry.peerDependencies, (peer) => Boolean(entry.peerDependenciesMeta?.[peer]?.optional));
    }
  };
  visit('', project.manifest.dependencies, () => false);
  visit('', project.devDependencies, () => false);

  const packages: Record<string, LockEntry> = {
    '': { name: project.name, devDependencies: { [project.manifest.name]: `file:${project.tarball}`, ...project.devDependencies } },
    [`node_modules/${project.manifest.name}`]: {
      version: project.manifest.version,
      resolved: `file:${project.tarball}`,
      integrity: project.integrity,
      dev: true,
      ...pick(project.manifest, ['license', 'dependencies', 'bin', 'engines']),
    },
  };
  for (const [key, entry] of [...kept].sort(([a], [b]) => a.localeCompare(b))) {
    const { dev: _dev, devOptional, optional, ...rest } = entry;
    packages[key] = { ...rest, dev: true, ...(optional || devOptional ? { optional: true } : {}) };
  }
  return { name: project.name, lockfileVersion: 3, requires: true, packages };
}

function pick(object: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => object[k] !== undefined).map((k) => [k, object[k]]));
}
