import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { microsites } from '@server/platform/db/schema';

/** A company's public microsite addresses, as other modules (the texting registration's checklist) cite them. */
export interface MicrositeLinks {
  /** Whether the site answers the public: saved once and not switched off. */
  published: boolean;
  home: string;
  privacy: string;
  smsTerms: string;
}

/** The microsite's public URLs under `publicUrl` (PUBLIC_URL), or null when the company has no microsite yet. */
export async function micrositeLinks(db: DbOrTx, companyId: string, publicUrl: string): Promise<MicrositeLinks | null> {
  const [site] = await db.select({ slug: microsites.slug, published: microsites.published }).from(microsites).where(eq(microsites.companyId, companyId));
  if (!site) return null;
  const home = `${publicUrl.replace(/\/+$/, '')}/m/${site.slug}`;
  return { published: site.published, home, privacy: `${home}/privacy`, smsTerms: `${home}/sms-terms` };
}
