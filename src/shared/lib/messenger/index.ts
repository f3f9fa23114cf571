import { config } from '@/shared/config';
import { loadIntercom } from './load-intercom';
import { createMessenger, type Messenger } from './messenger';

export {
  createMessenger,
  formatCompanyPhone,
  type IntercomLike,
  type Messenger,
  type MessengerBootPayload,
  messengerBootPayload,
  type MessengerIdentity,
} from './messenger';

/** The app's messaging widget: Intercom when VITE_INTERCOM_APP_ID is set; otherwise inert. */
export const messenger: Messenger = createMessenger({
  appId: config.VITE_INTERCOM_APP_ID,
  load: () => loadIntercom(config.VITE_INTERCOM_APP_ID ?? ''),
});
