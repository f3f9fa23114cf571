import * as z from 'zod/mini';
import { customDomainSchema, micrositeAdvancedSchema, micrositeBasicSchema, micrositeContentSchema, slugSchema } from '@contracts/microsites';

/** The version a tab read (its last change, ms; 0 before the first save): a save over a newer one is refused. */
const expectedVersion = z.int().check(z.gte(0));

export const saveBasicInput = z.extend(micrositeBasicSchema, { expectedVersion });
export const saveContentInput = z.extend(micrositeContentSchema, { expectedVersion });
export const saveAdvancedInput = z.extend(micrositeAdvancedSchema, { expectedVersion });
export const setPublishedInput = z.strictObject({ published: z.boolean() });
export const setSlugInput = z.strictObject({ slug: slugSchema });
export const setCustomDomainInput = z.strictObject({ domain: customDomainSchema });
