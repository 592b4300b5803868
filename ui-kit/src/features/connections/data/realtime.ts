import type { RealtimeModule } from '../../../data/realtime';
import { removeWhatsapp, writeWhatsapp } from './whatsapp-cache';

/** What the `whatsapp` and `whatsappSession` channels' events do to the connections' queries. */
export const connectionsRealtime: RealtimeModule = {
  whatsapp: (event, { queryClient }) =>
    event.action === 'delete' ? removeWhatsapp(queryClient, event.whatsappId) : writeWhatsapp(queryClient, event.whatsapp),
  whatsappSession: (event, { queryClient }) => writeWhatsapp(queryClient, event.session),
};
