// The help videos (spec administration §2, 'Helps'): the /helps grid and its video modal for everyone, and the super
// users' list and modal (HelpsAdmin), which the /helps page and the settings' 'Ajuda' tab mount.
export {
  helpDescriptionRule,
  youtubeEmbedUrl,
  helpBody,
  helpFormValues,
  helpPermissions,
  youtubeThumbnailUrl,
  helpTitleRule,
  helpVideoRule,
  youtubeWatchUrl,
  youtubeId,
  HELP_DESCRIPTION_MAX,
  HELP_TITLE_MAX,
  type Help,
  type HelpBody,
  type HelpFormValues,
  type HelpPermissions,
} from './help-rules';
export { HelpsView, type HelpsViewProps } from './HelpsView/HelpsView';
export { HelpVideoDialog, type HelpVideoDialogProps } from './HelpVideoDialog/HelpVideoDialog';
export { HelpModal, type HelpModalProps } from './HelpModal/HelpModal';
export { HelpsAdminView, type HelpsAdminViewProps } from './HelpsAdminView/HelpsAdminView';
export { HelpsAdmin, type HelpsAdminProps } from './HelpsAdmin/HelpsAdmin';
export { Helps, type HelpsProps } from './Helps/Helps';
export { helpsTexts } from './helps.texts';
export { byHelpTitle, removeHelp, useAllHelps, useCreateHelp, useDeleteHelp, useHelps, useUpdateHelp, writeHelp } from './data/helps';
