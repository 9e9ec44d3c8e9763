import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The minimal react-admin app the console is measured against: its own package.json and lock file. */
export const reactAdminDir = resolve(import.meta.dirname, 'react-admin');

/** Where the console's server serves it: built into the console's dist/, after the console's own build. */
export const reactAdminPath = '/react-admin/';

/**
 * Installs the react-admin app's dependencies when missing (`npm ci` from its lock file, never into the console's),
 * and builds it into `dist/react-admin/`, brotli- and gzip-compressed as the console is.
 */
export function buildReactAdmin(consoleDist = resolve('dist')) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (!existsSync(join(reactAdminDir, 'node_modules', 'react-admin'))) {
    console.log('Installing the react-admin baseline (bench/react-admin, npm ci)…');
    execFileSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: reactAdminDir, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    cwd: reactAdminDir,
    env: { ...process.env, NODE_ENV: 'production', REACT_ADMIN_OUT_DIR: join(consoleDist, 'react-admin') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
