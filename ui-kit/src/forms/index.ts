export {
  Form,
  FormCheckbox,
  FormCheckboxGroup,
  FormPasswordField,
  FormSelect,
  FormSubmit,
  FormSwitch,
  FormTextArea,
  FormTextField,
  type FormProps,
} from './Form';
export {
  AttachmentField,
  usePickedFile,
  type AttachmentFieldProps,
  type AttachmentFieldTexts,
  type PickedFile,
  // The image-only field's old names, kept for the kit's users (deprecated).
  ImageAttachmentField,
  usePickedImage,
  type ImageAttachmentFieldProps,
  type ImageAttachmentFieldTexts,
  type PickedImage,
} from './AttachmentField/AttachmentField';
export { applyServerErrors, serverFieldErrors } from './server-errors';
export {
  RESET_PASSWORD_PATTERN,
  compose,
  confirmPasswordRule,
  email,
  emailRule,
  maxLength,
  minLength,
  nameRule,
  optional,
  passwordRule,
  pattern,
  required,
  resetEmailRule,
  resetPasswordRule,
  type Rule,
} from './validators';
