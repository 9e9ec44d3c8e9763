import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  readonly version?: string;
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly engines?: { readonly node?: string };
  readonly optional?: boolean;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  readonly packages: Record<string, LockEntry>;
};
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };

/** Whether a range of `engines.node` (`>=22`, `^18 || >=20`, `18 - 22`) admits a Node of the given major version. */
function admitsMajor(range: string, major: number): boolean {
  return range.split('||').some((alternative) => {
    const hyphen = /^v?(\d+)\S*\s+-\s+v?(\d+)/.exec(alternative.trim());
    if (hyphen) return Number(hyphen[1]) <= major && major <= Number(hyphen[2]);
    return alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => {
        const match = /^(>=|>|<=|<|\^|~|=)?v?(\d+)/.exec(comparator);
        if (!match) return true; // `*`, `x`, empty: any version
        const version = Number(match[2]);
        if (match[1] === '>=' || match[1] === '>') return version <= major;
        if (match[1] === '<') return version > major;
        if (match[1] === '<=') return version >= major;
        return version === major; // `^20`, `~20`, `20.x`, `=20`
      });
  });
}

/** Where npm would look for `name` when installed from the package at `path`. */
function resolves(path: string, name: string): boolean {
  let base = path;
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const at = base.lastIndexOf('node_modules/');
    base = at <= 0 ? '' : base.slice(0, at - 1);
  }
}

describe('package-lock.json', () => {
  it('holds an entry for every dependency, optional ones included, so npm ci accepts it', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
        if (!resolves(path, name)) missing.push(`${path || '(root)'} → ${name}`);
      }
    }
    // `npm install` here drops the foreign-platform packages the registry proxy does not
    // serve; `node scripts/complete-lockfile.mjs` puts them back.
    expect(missing).toEqual([]);
  });

  it('installs on the oldest Node the project supports: no package asks for a newer one (npm would warn)', () => {
    const oldest = Number(/\d+/.exec(manifest.engines.node)![0]);
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path && !entry.optional && entry.engines?.node && !admitsMajor(entry.engines.node, oldest))
      .map(([path, entry]) => `${path} (${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });
});
