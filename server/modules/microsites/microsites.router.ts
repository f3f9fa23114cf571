import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { renderHome } from './microsite.render';
import { renderSiteOf } from './microsite.routes';
import { saveAdvancedInput, saveBasicInput, saveContentInput, setCustomDomainInput, setPublishedInput, setSlugInput } from './microsites.schema';
import { checkDomain, getMicrosite, hostingOf, previewSite, saveAdvanced, saveBasic, saveContent, setCustomDomain, setPublished, setSlug } from './microsites.service';

/** Microsites → Basic, Content, Advanced, Domain: the caller's company's site only. */
export const micrositesRouter = router({
  get: protectedProcedure.query(({ ctx }) => getMicrosite(companyScope(ctx), hostingOf(ctx.services))),
  /** The page as it renders now (live or offline), for the app's sandboxed preview frame. */
  preview: protectedProcedure.query(async ({ ctx }) => {
    const row = await previewSite(companyScope(ctx));
    const site = row ? await renderSiteOf(ctx.services, row) : null;
    if (!row || !site) return { html: null };
    const hosting = hostingOf(ctx.services);
    return { html: renderHome(site, { base: `${hosting.publicUrl}/m/${row.slug}`, home: `${hosting.publicUrl}/m/${row.slug}`, appOrigin: new URL(hosting.publicUrl).origin }, { preview: true }).html };
  }),
  saveBasic: protectedProcedure.input(saveBasicInput).mutation(({ ctx, input }) => saveBasic(companyScope(ctx), hostingOf(ctx.services), input)),
  setPublished: protectedProcedure.input(setPublishedInput).mutation(({ ctx, input }) => setPublished(companyScope(ctx), hostingOf(ctx.services), input.published)),
  saveContent: protectedProcedure.input(saveContentInput).mutation(({ ctx, input }) => saveContent(companyScope(ctx), hostingOf(ctx.services), input)),
  saveAdvanced: protectedProcedure.input(saveAdvancedInput).mutation(({ ctx, input }) => saveAdvanced(companyScope(ctx), hostingOf(ctx.services), input)),
  setSlug: protectedProcedure.input(setSlugInput).mutation(({ ctx, input }) => setSlug(companyScope(ctx), hostingOf(ctx.services), input.slug)),
  setCustomDomain: protectedProcedure.input(setCustomDomainInput).mutation(({ ctx, input }) => setCustomDomain(companyScope(ctx), ctx.services, hostingOf(ctx.services), input.domain)),
  checkDomain: protectedProcedure.mutation(({ ctx }) => checkDomain(companyScope(ctx), ctx.services, hostingOf(ctx.services))),
});
