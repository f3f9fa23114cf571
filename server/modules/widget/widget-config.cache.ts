import { eq } from 'drizzle-orm';
import type { WidgetPublicConfig } from '@contracts/widget';
import type { DbOrTx } from '@server/platform/db/database';
import { companies, widgetSettings } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import type { WidgetSettingsRow } from './widget-settings.service';

/**
 * How long one instance answers a key's configuration from memory. Several instances each keep their own copy, so
 * after a save the others serve the old one for at most this long (the saving instance forgets it at once); the
 * embed compares `version` when it polls (every 30 s), so a change reaches visitors within a minute.
 */
export const CONFIG_TTL_MS = 15 * SECOND;
const MAX_ENTRIES = 5000;

export interface PublicWidget {
  companyId: string;
  companyName: string;
  settings: WidgetSettingsRow;
  /** The consent text as a visitor reads it (merge tags filled): what a submission must send back word for word. */
  consentText: string;
}

const cache = new Map<string, { widget: PublicWidget | null; expiresAt: number }>();

/** The widget behind a public key (null: no such key), from memory for CONFIG_TTL_MS. */
export async function widgetForKey(db: DbOrTx, key: string, nowMs: number): Promise<PublicWidget | null> {
  const hit = cache.get(key);
  if (hit && hit.expiresAt > nowMs) return hit.widget;
  const [row] = await db
    .select({ settings: widgetSettings, companyName: companies.name })
    .from(widgetSettings)
    .innerJoin(companies, eq(companies.id, widgetSettings.companyId))
    .where(eq(widgetSettings.publicKey, key))
    .limit(1);
  const widget = row
    ? {
        companyId: row.settings.companyId,
        companyName: row.companyName,
        settings: row.settings,
        consentText: renderMergeTags(row.settings.consentText, {
          contact: { firstName: null, lastName: null },
          businessName: row.companyName,
          businessPhone: null,
          senderFirstName: row.companyName,
        }),
      }
    : null;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.delete(key);
  cache.set(key, { widget, expiresAt: nowMs + CONFIG_TTL_MS });
  return widget;
}

/** After a save on this instance: the next request reads the database. */
export function forgetWidgetConfig(key: string): void {
  cache.delete(key);
}

/** Tests: start from an empty cache. */
export function clearWidgetConfigCache(): void {
  cache.clear();
}

/** What GET /public/widget/config answers: what the embed draws, never the company id or the domains list. */
export function publicConfig(widget: PublicWidget): WidgetPublicConfig {
  const s = widget.settings;
  return {
    version: s.version,
    businessName: widget.companyName,
    avatarHash: s.avatarHash,
    greeting: s.greeting,
    appearance: s.appearance,
    formFields: s.formFields,
    consentText: widget.consentText,
    popup: s.popup,
  };
}
