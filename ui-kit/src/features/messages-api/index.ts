// The messages-API page (/messages-api): the documentation of POST /messages/send and its text and file test forms.
export {
  API_MEDIA_LIMITS_MB,
  API_MEDIA_MAX_BYTES,
  API_MEDIA_MAX_FILES,
  API_MESSAGE_MAX,
  API_NUMBER_PATTERN,
  API_RATE_LIMIT_DEFAULT,
  curlMediaExample,
  curlTextExample,
  digitsOf,
  messagesSendUrl,
  numberRule as apiNumberRule,
  type CurlExample,
} from './messages-api-rules';
export { CodeBlock, type CodeBlockProps } from './CodeBlock/CodeBlock';
export { ApiSendOutcome, type ApiSendOutcomeProps } from './ApiSendOutcome/ApiSendOutcome';
export { ApiSendForm, type ApiSendFormKind, type ApiSendFormProps, type ApiSendFormValues, type ApiSendRequest } from './ApiSendForm/ApiSendForm';
export { MessagesApiView, type MessagesApiFormProps, type MessagesApiViewProps } from './MessagesApiView/MessagesApiView';
export { MessagesApi, MESSAGES_API_TOAST_MS, type MessagesApiProps } from './MessagesApi/MessagesApi';
export { messagesApiTexts } from './messages-api.texts';
export {
  apiSendForm,
  useSendApiMessage,
  withApiToken,
  type ApiSendBody,
  type ApiSendMediaVariables,
  type ApiSendResult,
  type ApiSendTextVariables,
  type ApiSendVariables,
} from './data/messages-api';
