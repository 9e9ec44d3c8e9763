// The npm registry proxy of our machines answers 404 for the platform packages of
// unrs-resolver (a native dependency of eslint-plugin-import-x) that do not match
// this machine, so `npm install` leaves them out of package-lock.json and `npm ci`
// then refuses the lock file as out of sync. This adds their entries, marked
// optional with their os and cpu, so npm ci skips them on Linux x64 as it should.
// Run it after any `npm install` that rewrites the lock: node scripts/complete-lockfile.mjs
import fs from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const parent = lock.packages['node_modules/unrs-resolver'];
const platform = {
  'android-arm-eabi': ['android', 'arm'],
  'android-arm64': ['android', 'arm64'],
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'freebsd-x64': ['freebsd', 'x64'],
  'linux-arm-gnueabihf': ['linux', 'arm'],
  'linux-arm-musleabihf': ['linux', 'arm'],
  'linux-loong64-gnu': ['linux', 'loong64'],
  'linux-loong64-musl': ['linux', 'loong64'],
  'linux-ppc64-gnu': ['linux', 'ppc64'],
  'linux-riscv64-gnu': ['linux', 'riscv64'],
  'linux-riscv64-musl': ['linux', 'riscv64'],
  'linux-s390x-gnu': ['linux', 's390x'],
  'openharmony-arm64': ['openharmony', 'arm64'],
  'win32-arm64-msvc': ['win32', 'arm64'],
  'win32-ia32-msvc': ['win32', 'ia32'],
  'win32-x64-msvc': ['win32', 'x64'],
};
let added = 0;
for (const [name, version] of Object.entries(parent.optionalDependencies)) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const suffix = name.replace('@unrs/resolver-binding-', '');
  const [os, cpu] = platform[suffix];
  lock.packages[key] = { version, dev: true, license: 'MIT', optional: true, os: [os], cpu: [cpu] };
  added++;
}
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
