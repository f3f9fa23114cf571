import { loadDotEnvFiles } from '../server/config/env';
import { buildStaleReason, buildWeb } from './web-build';

loadDotEnvFiles();

// `npm run build` always builds; `--if-stale` (used before browser tests) only when sources changed.
const onlyIfStale = process.argv.includes('--if-stale');
const reason = buildStaleReason();
if (onlyIfStale && !reason) {
  console.log('web build is up to date');
} else {
  await buildWeb();
}
