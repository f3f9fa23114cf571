import { loadDotEnvFiles } from '@server/platform/config/env';
import { buildIfStale, buildWeb } from './web-build';

loadDotEnvFiles();

// `npm run build` always builds; `--if-stale` (used before browser tests) only when sources changed.
if (!process.argv.includes('--if-stale')) await buildWeb();
else if (!(await buildIfStale())) console.log('web build is up to date');
