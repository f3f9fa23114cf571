import { avatarPath } from '@contracts/widget';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { forgetWidgetConfig } from './widget-config.cache';
import { updateWidgetSettingsInput } from './widget.schema';
import { getWidgetSettings, updateWidgetSettings } from './widget-settings.service';

/** Where the embed script is served: the one tag a site pastes loads it from here. */
const scriptUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/widget.js`;

/**
 * The script's address (absolute: it goes into other sites' pages), and the avatar's for the Styles screen's own
 * preview (null when none; relative: the screen is on the app's origin, whatever PUBLIC_URL says behind a proxy).
 */
const withUrls = <T extends { publicKey: string; avatarHash: string | null }>(settings: T, publicUrl: string) => ({
  ...settings,
  scriptUrl: scriptUrl(publicUrl),
  avatarUrl: settings.avatarHash ? avatarPath(settings.publicKey, settings.avatarHash) : null,
});

/** Chat widget → Styles, Form embed, Popup: the company's widget settings (saving: owners and admins). */
export const widgetRouter = router({
  settings: router({
    get: protectedProcedure.query(async ({ ctx }) => withUrls(await getWidgetSettings(companyScope(ctx)), ctx.services.env.PUBLIC_URL)),
    update: protectedProcedure
      .input(updateWidgetSettingsInput)
      .mutation(async ({ ctx, input }) => withUrls(await updateWidgetSettings(companyScope(ctx), input, forgetWidgetConfig), ctx.services.env.PUBLIC_URL)),
  }),
});
