// The embed keys page: the keys a partner's server signs sign-in tokens with (the secret shown once after the create),
// their allowed origins, revoke; the connected page on the hooks of data/embed-keys.ts.
export {
  EMBED_TOKEN_AUDIENCE,
  canManageEmbedKeys,
  embedKeyBody,
  embedKeyFormValues,
  invalidOrigins,
  isRevoked,
  originLines,
  parseOrigin,
  type EmbedKey,
  type EmbedKeyBody,
  type EmbedKeyCreated,
  type EmbedKeyFormValues,
} from './embed-key-rules';
export { EmbedKeysView, type EmbedKeysViewProps } from './EmbedKeysView/EmbedKeysView';
export { EmbedKeyModal, type EmbedKeyModalProps } from './EmbedKeyModal/EmbedKeyModal';
export { EmbedKeySecretDialog, signingSnippet, type EmbedKeySecretDialogProps } from './EmbedKeySecretDialog/EmbedKeySecretDialog';
export { EmbedKeys, type EmbedKeysProps } from './EmbedKeys/EmbedKeys';
export { embedKeysTexts } from './embed-keys.texts';
export { useCreateEmbedKey, useEmbedKeys, useRevokeEmbedKey, useUpdateEmbedKey, writeEmbedKey, type EmbedKeyDto } from './data/embed-keys';
