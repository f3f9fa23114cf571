import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The browser only needs the +1 (NANP) region: US and CA are selectable, and the other +1 countries must stay in
 * the metadata so that, e.g., +1 876 is recognised as Jamaica and rejected. This keeps ~25 of ~245 countries of
 * libphonenumber-js's "min" metadata (≈2 kB instead of ≈19 kB gzip).
 */
export const NANP_METADATA_FILE = fileURLToPath(new URL('../src/shared/lib/phone/metadata.nanp.json', import.meta.url));

interface MetadataJson {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

export function buildNanpMetadata(): string {
  const require = createRequire(import.meta.url);
  const full = JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.min.json'), 'utf8')) as MetadataJson;
  const nanp = full.country_calling_codes['1'] ?? [];
  const lean: MetadataJson = {
    version: full.version,
    country_calling_codes: { 1: nanp },
    countries: Object.fromEntries(nanp.map((country) => [country, full.countries[country]])),
    nonGeographic: {},
  };
  return `${JSON.stringify(lean)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(NANP_METADATA_FILE, buildNanpMetadata());
  console.log(`wrote ${NANP_METADATA_FILE}`);
}
