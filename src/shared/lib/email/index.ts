const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Looks like an address (name@domain.tld, no spaces): enough to catch typos before the server checks it. */
export const isEmail = (value: string) => EMAIL.test(value);
