import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { mergeTagProblem } from '@contracts/merge-tags';
import { AVATAR_MAX_BYTES, type AvatarType, DEFAULT_WIDGET_SETTINGS, type WidgetSettingsValues } from '@contracts/widget';
import type { DbOrTx } from '@server/platform/db/database';
import { widgetAvatars, widgetSettings } from '@server/platform/db/schema';
import { AppError, invalidField } from '@server/platform/errors/app-error';
import type { CompanyScope } from '@server/platform/db/scope';
import { assertMayCall, mayCallNow } from '@server/modules/team/managers';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import type { UpdateWidgetSettingsInput } from './widget.schema';

export type WidgetSettingsRow = typeof widgetSettings.$inferSelect;

/** `wk_` + 24 random bytes in base64url: public (it sits in the site's HTML), unguessable, not a secret. */
export const newPublicKey = () => `wk_${randomBytes(24).toString('base64url')}`;

/** The company's widget row, created with the defaults (widget off) and a fresh public key the first time. */
export async function ensureWidgetSettings(executor: DbOrTx, companyId: string, now: Date): Promise<WidgetSettingsRow> {
  const [existing] = await executor.select().from(widgetSettings).where(eq(widgetSettings.companyId, companyId)).limit(1);
  if (existing) return existing;
  await executor
    .insert(widgetSettings)
    .values({ companyId, publicKey: newPublicKey(), version: 1, ...DEFAULT_WIDGET_SETTINGS, updatedAt: now })
    .onConflictDoNothing({ target: widgetSettings.companyId });
  const [row] = await executor.select().from(widgetSettings).where(eq(widgetSettings.companyId, companyId)).limit(1);
  if (!row) throw new Error('widget settings insert returned nothing');
  return row;
}

function present(row: WidgetSettingsRow) {
  const { companyId: _companyId, ...rest } = row;
  return { ...rest, updatedAt: row.updatedAt.getTime(), defaults: DEFAULT_WIDGET_SETTINGS };
}

/**
 * What Chat widget → Styles / Form embed / Popup show: the saved settings, the public key, the version, and whether
 * the caller may save them (`canEdit`: staff see them read-only, the save would be refused).
 */
export async function getWidgetSettings(scope: Pick<CompanyScope, 'db' | 'companyId' | 'userId' | 'now'>) {
  const row = await ensureWidgetSettings(scope.db, scope.companyId, scope.now);
  return { ...present(row), canEdit: await mayCallNow(scope.db, scope, 'widget.settings.update') };
}


async function assertManager(executor: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>) {
  await assertMayCall(executor, scope, 'widget.settings.update', 'the website widget');
}

/**
 * Saves what a screen sent and bumps the version (the embed compares it to notice a change). Refused when the
 * version read is not the current one (someone saved in between), or a template uses an unknown merge tag.
 */
export async function updateWidgetSettings(scope: CompanyScope, input: UpdateWidgetSettingsInput, onSaved?: (publicKey: string) => void) {
  const { expectedVersion, avatar, ...changes } = input;
  const picture = avatar ? checkedAvatar(avatar) : avatar;
  for (const name of ['consentText', 'firstTextTemplate'] as const) {
    const text = changes[name];
    const problem = text === undefined ? null : mergeTagProblem(text);
    if (problem) throw invalidField(name, problem);
  }
  const saved = await scope.db.transaction(async (tx) => {
    await assertManager(tx, scope);
    await ensureWidgetSettings(tx, scope.companyId, scope.now);
    const [current] = await tx.select().from(widgetSettings).where(eq(widgetSettings.companyId, scope.companyId)).for('update').limit(1);
    if (!current) throw new Error('widget settings vanished');
    if (current.version !== expectedVersion) {
      throw new AppError('CONFLICT', 'Someone else saved the widget settings after you opened them. Reload to see their changes.');
    }
    const next: Partial<WidgetSettingsValues> & { avatarHash?: string | null } = { ...changes };
    if (picture === null) {
      await tx.delete(widgetAvatars).where(eq(widgetAvatars.companyId, scope.companyId));
      next.avatarHash = null;
    } else if (picture) {
      await tx
        .insert(widgetAvatars)
        .values({ companyId: scope.companyId, ...picture, updatedAt: scope.now })
        .onConflictDoUpdate({ target: widgetAvatars.companyId, set: { ...picture, updatedAt: scope.now } });
      next.avatarHash = picture.hash;
    }
    if ((next.enabled ?? current.enabled) && (next.allowedDomains ?? current.allowedDomains).length === 0) {
      throw invalidField('allowedDomains', 'Add the website the widget goes on (e.g. example.com) before turning it on.');
    }
    const [row] = await tx
      .update(widgetSettings)
      .set({ ...next, version: current.version + 1, updatedAt: scope.now })
      .where(eq(widgetSettings.companyId, scope.companyId))
      .returning();
    if (!row) throw new Error('widget settings update returned nothing');
    await writeUserAudit(tx, scope, { action: 'widget.settings_updated', targetType: 'company', targetId: scope.companyId, metadata: { fields: [...Object.keys(changes), ...(avatar !== undefined ? ['avatar'] : [])], version: row.version } });
    return row;
  });
  onSaved?.(saved.publicKey);
  return { ...present(saved), canEdit: true };
}

/** The first bytes each picture type starts with: what a file says it is must be what it is. */
const SIGNATURES: Record<AvatarType, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** A picture as sent by the Styles screen, checked: its size and that its bytes are the type it claims (no SVG: no scripts). */
function checkedAvatar(input: { contentType: AvatarType; data: string }): { contentType: AvatarType; hash: string; bytes: Buffer } {
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length === 0) throw invalidField('avatar', 'The picture is empty. Choose it again.');
  if (bytes.length > AVATAR_MAX_BYTES) throw invalidField('avatar', `The picture is ${Math.ceil(bytes.length / 1024)} kB; at most ${AVATAR_MAX_BYTES / 1024} kB. Use a smaller one (a 256 × 256 picture is plenty).`);
  if (!SIGNATURES[input.contentType](bytes)) throw invalidField('avatar', 'This file is not the picture it says it is. Use a PNG, JPEG or WebP picture.');
  return { contentType: input.contentType, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16), bytes };
}
