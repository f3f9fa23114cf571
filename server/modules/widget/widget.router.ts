import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { forgetWidgetConfig } from './widget-config.cache';
import { updateWidgetSettingsInput } from './widget.schema';
import { getWidgetSettings, updateWidgetSettings } from './widget-settings.service';

/** Chat widget → Styles, Form embed, Popup: the company's widget settings (saving: owners and admins). */
export const widgetRouter = router({
  settings: router({
    get: protectedProcedure.query(({ ctx }) => getWidgetSettings(companyScope(ctx))),
    update: protectedProcedure.input(updateWidgetSettingsInput).mutation(({ ctx, input }) => updateWidgetSettings(companyScope(ctx), input, forgetWidgetConfig)),
  }),
});
