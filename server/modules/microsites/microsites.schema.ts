import { z } from 'zod';
import { customDomainSchema, micrositeAdvancedSchema, micrositeBasicSchema, micrositeContentSchema, slugSchema } from '@contracts/microsites';

/** The version a tab read (its last change, ms; 0 before the first save): a save over a newer one is refused. */
const expectedVersion = z.number().int().min(0);

export const saveBasicInput = micrositeBasicSchema.extend({ expectedVersion });
export const saveContentInput = micrositeContentSchema.extend({ expectedVersion });
export const saveAdvancedInput = micrositeAdvancedSchema.extend({ expectedVersion });
export const setPublishedInput = z.strictObject({ published: z.boolean() });
export const setSlugInput = z.strictObject({ slug: slugSchema });
export const setCustomDomainInput = z.strictObject({ domain: customDomainSchema });
