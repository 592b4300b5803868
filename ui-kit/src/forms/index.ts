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
  ImageAttachmentField,
  usePickedImage,
  type ImageAttachmentFieldProps,
  type ImageAttachmentFieldTexts,
  type PickedImage,
} from './ImageAttachmentField/ImageAttachmentField';
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
