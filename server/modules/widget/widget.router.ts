import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { forgetWidgetConfig } from './widget-config.cache';
import { updateWidgetSettingsInput } from './widget.schema';
import { getWidgetSettings, updateWidgetSettings } from './widget-settings.service';

/** Where the embed script is served: the one tag a site pastes loads it from here. */
const scriptUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/widget.js`;

/** Chat widget → Styles, Form embed, Popup: the company's widget settings (saving: owners and admins). */
export const widgetRouter = router({
  settings: router({
    get: protectedProcedure.query(async ({ ctx }) => ({ ...(await getWidgetSettings(companyScope(ctx))), scriptUrl: scriptUrl(ctx.deps.env.PUBLIC_URL) })),
    update: protectedProcedure
      .input(updateWidgetSettingsInput)
      .mutation(async ({ ctx, input }) => ({ ...(await updateWidgetSettings(companyScope(ctx), input, forgetWidgetConfig)), scriptUrl: scriptUrl(ctx.deps.env.PUBLIC_URL) })),
  }),
});
