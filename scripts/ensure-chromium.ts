import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '../tests/support/chromium';

/**
 * Browser tests drive Debian's Chromium headless shell (never a downloaded browser). When it is missing, install it if we can
 * (root with apt), otherwise stop with one line saying how — browser tests are never skipped silently.
 */
const path = chromiumPath();
if (existsSync(path)) {
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (process.env.CHROME_PATH) {
  console.error(`CHROME_PATH=${process.env.CHROME_PATH} does not exist. Point it at a Chromium binary, or unset it to use ${path}.`);
  process.exit(1);
}
if (!isRoot || !hasApt) {
  console.error('Browser tests need Chromium\'s headless shell: run `sudo apt-get install -y chromium-headless-shell` (or set CHROME_PATH to a Chromium binary).');
  process.exit(1);
}
console.log('Chromium\'s headless shell is missing: installing Debian\'s chromium-headless-shell package…');
try {
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium-headless-shell'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
} catch {
  console.error('Installing chromium-headless-shell failed. Install it yourself with `apt-get install -y chromium-headless-shell`, or set CHROME_PATH.');
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`chromium-headless-shell was installed but ${path} is still missing; set CHROME_PATH to the Chromium binary.`);
  process.exit(1);
}
