import { readFileSync } from 'node:fs';
import metadata from 'libphonenumber-js/min/metadata';
import { describe, expect, it } from 'vitest';
import { parseUsCaPhone } from '../contracts/phone';
import { buildNanpMetadata, NANP_METADATA_FILE } from './phone-metadata';

describe('lean phone metadata for the browser', () => {
  it('is what the generator makes from the installed libphonenumber-js (run `node --import tsx scripts/phone-metadata.ts` after an upgrade)', () => {
    expect(readFileSync(NANP_METADATA_FILE, 'utf8')).toBe(buildNanpMetadata());
  });

  it('judges +1 numbers exactly as the full metadata the server uses', () => {
    const lean = JSON.parse(readFileSync(NANP_METADATA_FILE, 'utf8'));
    const samples = [
      '+14155552671', '+12125550123', '+14165550123', '+16135550123', '+16045550123', '+18765550123', '+12425550123',
      '+17875550123', '+18095550123', '+15555550123', '+1415555267', '+141555526711', '+18005550199', '+19025550123',
      '(415) 555-2671', '416 555 0123', '+447911123456',
    ];
    for (const sample of samples) {
      expect(parseUsCaPhone(sample, lean), sample).toEqual(parseUsCaPhone(sample, metadata));
    }
    expect(parseUsCaPhone('+18765550123', lean)).toBeNull();
    expect(parseUsCaPhone('+14165550123', lean)).toEqual({ e164: '+14165550123', country: 'CA' });
  });
});
