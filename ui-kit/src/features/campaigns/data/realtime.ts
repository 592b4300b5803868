import type { RealtimeModule } from '../../../data/realtime';
import { writeCampaignEvent } from './campaigns';
import { reloadContactListItems, removeContactList, removeContactListItem, writeContactList, writeContactListItem } from './contact-lists';
import { removeFileList, writeFileList } from './file-lists';

/** What file lists, contact lists (and their items) and campaigns events do to this feature's cache. */
export const campaignsRealtime: RealtimeModule = {
  file: (event, { queryClient }) =>
    event.action === 'delete' ? removeFileList(queryClient, event.fileId) : writeFileList(queryClient, event.files, event.action),
  ContactList: (event, { queryClient }) =>
    event.action === 'delete' ? removeContactList(queryClient, event.id) : writeContactList(queryClient, event.record, event.action),
  ContactListItem: (event, { queryClient }) =>
    event.action === 'reload'
      ? reloadContactListItems(queryClient, event.contactListId)
      : event.action === 'delete'
        ? removeContactListItem(queryClient, event.id)
        : writeContactListItem(queryClient, event.record, event.action),
  campaign: (event, { queryClient }) => writeCampaignEvent(queryClient, event),
};
