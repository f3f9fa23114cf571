/** The free trial's length: from sign-up, no card (PRODUCT.md; decision 0052). One number for server and screens. */
export const TRIAL_DAYS = 14;
