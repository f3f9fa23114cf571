import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { phoneMetadata } from '../phone';
import { fullName } from '@contracts/person';

/**
 * The customer-messaging widget (Intercom), only when an app id is configured. Booted with the user's details
 * once they load, updated on every route change while signed in, shut down when signed out.
 */
export interface MessengerIdentity {
  user: { id: string; email: string; firstName: string; lastName: string; createdAt: number };
  company: { id: string; name: string; signupPhone?: string | null };
}

export interface MessengerBootPayload {
  user_id: string;
  name: string;
  email: string;
  created_at: number;
  phone?: string;
  company: { id: string; name: string; phone?: string };
}

/** The global `Intercom(command, payload)` function. */
export type IntercomLike = (command: 'boot' | 'update' | 'shutdown', payload?: Record<string, unknown>) => void;

/** The sign-up phone as E.164 with US as the default country, or undefined (with the spec's warning). */
export function formatCompanyPhone(phone: string | null | undefined, warn: (...args: unknown[]) => void = console.warn): string | undefined {
  if (!phone) return undefined;
  try {
    const parsed = parsePhoneNumberFromString(phone, { defaultCountry: 'US' }, phoneMetadata);
    if (parsed?.isValid()) return parsed.format('E.164');
    warn('Failed to format phone number:', phone);
  } catch (error) {
    warn('Failed to format phone number:', phone, error);
  }
  return undefined;
}

/** Spec section 3: user id, full name, email, creation time in whole seconds, phone, company {id: user id, name, phone}. */
export function messengerBootPayload({ user, company }: MessengerIdentity, warn?: (...args: unknown[]) => void): MessengerBootPayload {
  const phone = formatCompanyPhone(company.signupPhone, warn);
  return {
    user_id: user.id,
    name: fullName(user),
    email: user.email,
    created_at: Math.floor(user.createdAt / 1000),
    ...(phone ? { phone } : {}),
    company: { id: user.id, name: company.name, ...(phone ? { phone } : {}) },
  };
}

export interface Messenger {
  readonly enabled: boolean;
  boot(identity: MessengerIdentity): void;
  update(): void;
  shutdown(): void;
}

export function createMessenger(options: { appId: string | undefined; load: () => Promise<IntercomLike> }): Messenger {
  if (!options.appId) return { enabled: false, boot() {}, update() {}, shutdown() {} };
  const appId = options.appId;
  let intercom: Promise<IntercomLike> | null = null;
  let booted = false;
  const get = () => (intercom ??= options.load());
  const run = (action: (api: IntercomLike) => void) => {
    get()
      .then(action)
      .catch((error: unknown) => console.warn('Messaging widget unavailable:', error));
  };
  return {
    enabled: true,
    boot(identity) {
      booted = true;
      const payload = messengerBootPayload(identity);
      run((api) => api('boot', { app_id: appId, ...payload }));
    },
    update() {
      if (booted) run((api) => api('update'));
    },
    shutdown() {
      booted = false;
      if (intercom) run((api) => api('shutdown'));
    },
  };
}
