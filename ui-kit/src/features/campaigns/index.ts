// The campaign module's pages. File lists (/files): the list, the dialog with its file options. Campaign settings
// (/campaigns-config): the sending intervals and the variables.
export {
  FILE_LIST_ACCEPTED_TYPES,
  FILE_LIST_FILE_MAX_BYTES,
  FILE_LIST_OPTIONS_MAX,
  fileListBody,
  uploadsAfterSave,
  type FileListFormValues,
  type FileListOptionValues,
} from './file-list-rules';
export { FileListsView, type FileListsViewProps } from './FileListsView/FileListsView';
export { FileListModal, type FileListModalProps } from './FileListModal/FileListModal';
export { FileLists, FILE_LISTS_TOAST_MS, type FileListsProps } from './FileLists/FileLists';
export { secondsLabel, sendsLabel, variableProblem } from './campaign-settings-rules';
export { CampaignSettingsView, type CampaignSettingsViewProps } from './CampaignSettingsView/CampaignSettingsView';
export { CampaignSettings, CAMPAIGN_SETTINGS_TOAST_MS, type CampaignSettingsProps } from './CampaignSettings/CampaignSettings';
// Contact lists (/contact-lists) and a list's contacts (/contact-lists/:contactListId/contacts): the lists, the list
// modal, the contacts with the spreadsheet import and its progress, the contact modal.
export {
  contactEmailRule,
  contactListItemBody,
  contactListItemFormValues,
  contactListNameRule,
  contactNumberRule,
  numberDigits,
  spreadsheetProblem,
  validityOf,
  type ContactList,
  type ContactListFormValues,
  type ContactListItem,
  type ContactListItemFormValues,
  type WhatsappValidity,
} from './contact-list-rules';
export { ContactListsView, type ContactListsViewProps } from './ContactListsView/ContactListsView';
export { ContactListModal, type ContactListModalProps } from './ContactListModal/ContactListModal';
export { ContactLists, CONTACT_LISTS_TOAST_MS, type ContactListsProps } from './ContactLists/ContactLists';
export { ContactListItemsView, type ContactListItemsViewProps } from './ContactListItemsView/ContactListItemsView';
export { ContactListItemModal, type ContactListItemModalProps } from './ContactListItemModal/ContactListItemModal';
export { ContactListItems, type ContactListItemsProps } from './ContactListItems/ContactListItems';
export { ContactListImportStatus, type ContactListImportStatusProps, type ContactListImportView } from './ContactListImportStatus/ContactListImportStatus';
export { contactListsTexts } from './contact-lists.texts';
export {
  CONFIRMATION_FIELDS,
  CONTACT_VARIABLES,
  MESSAGE_FIELDS,
  MESSAGE_SLOTS,
  REPORT_RELOAD_AFTER_FINISH_MS,
  campaignBody,
  campaignFormValues,
  fromLocalInput,
  mediaDisplayName,
  toLocalInput,
  type Campaign,
  type CampaignFormValues,
} from './campaign-rules';
export { CampaignsView, CampaignStatusChip, type CampaignsViewProps } from './CampaignsView/CampaignsView';
export { CampaignModal, type CampaignChoice, type CampaignModalProps, type CampaignSave } from './CampaignModal/CampaignModal';
export { Campaigns, CAMPAIGNS_TOAST_MS, type CampaignsProps } from './Campaigns/Campaigns';
export { CampaignReportView, type CampaignReportViewProps } from './CampaignReportView/CampaignReportView';
export { CampaignReport, type CampaignReportProps } from './CampaignReport/CampaignReport';
export { CampaignRecipients, type CampaignRecipientsProps } from './CampaignRecipients/CampaignRecipients';
export {
  byFileListName,
  fileListUploadForm,
  removeFileList,
  useCreateFileList,
  useDeleteFileList,
  useFileList,
  useFileListOptions,
  useFileLists,
  useUpdateFileList,
  useUploadFileListFiles,
  writeFileList,
  type FileListChoice,
  type FileListDto,
  type FileListOptionDto,
  type FileListUpload,
  type SaveFileListBody,
} from './data/file-lists';
export {
  CAMPAIGN_SETTINGS_DEFAULTS,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  VARIABLE_KEY_PATTERN,
  VARIABLE_VALUE_MAX,
  VARIABLES_MAX,
  useCampaignSettings,
  useSaveCampaignSettings,
  writeCampaignSettings,
  type CampaignSettingsDto,
  type CampaignSettingsInput,
  type CampaignVariable,
} from './data/campaign-settings';
export {
  CAMPAIGN_STATUSES,
  writeCampaignEvent,
  campaignMediaForm,
  deliveredPercent,
  removeCampaign,
  useCampaignReport,
  useCampaigns,
  useCancelCampaign,
  useCreateCampaign,
  useDeleteCampaign,
  useDeleteCampaignMedia,
  useRestartCampaign,
  useUpdateCampaign,
  useUploadCampaignMedia,
  writeCampaign,
  writeCampaignReport,
  type CampaignDto,
  type CampaignEditable,
  type CampaignEvent,
  type CampaignReportDto,
  type CampaignStatus,
  type CreateCampaignBody,
  type SaveCampaignBody,
} from './data/campaigns';
export {
  CONTACT_SPREADSHEET_ACCEPT,
  CONTACT_SPREADSHEET_MAX_BYTES,
  byContactListName,
  contactListUploadForm,
  nextImportState,
  reloadContactListItems,
  removeContactList,
  removeContactListItem,
  saveBlob,
  useContactList,
  useContactListExample,
  useContactListImports,
  useContactListItems,
  useContactListOptions,
  useContactLists,
  useCreateContactList,
  useCreateContactListItem,
  useDeleteContactList,
  useDeleteContactListItem,
  useImportContactList,
  useUpdateContactList,
  useUpdateContactListItem,
  writeContactList,
  writeContactListItem,
  type ContactListBody,
  type ContactListDto,
  type ContactListEntryDto,
  type ContactListImportEvent,
  type ContactListImportState,
  type ContactListOptionDto,
  type CreateContactListItemBody,
  type UpdateContactListItemBody,
} from './data/contact-lists';
export { campaignsRealtime } from './data/realtime';
