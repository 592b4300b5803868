// @atende/ui-kit/auth: the sign-in, sign-up, password reset and profile screens, for a page that signs its users in
// with an Atende password (a partner's token needs none of them).
export { AuthLayout, type AuthLayoutProps } from './screens/AuthLayout/AuthLayout';
export { Login, LoginView, type LoginProps, type LoginViewProps, type LoginValues } from './screens/Login/Login';
export { SignUp, SignUpView, type SignUpProps, type SignUpViewProps, type Plan } from './screens/SignUp/SignUp';
export { ForgotPassword, ForgotPasswordView, type ForgotPasswordProps, type ForgotPasswordViewProps } from './screens/ForgotPassword/ForgotPassword';
export {
  UserProfileModal,
  UserProfileModalView,
  type UserProfileModalProps,
  type UserProfileModalViewProps,
  type UserProfileValues,
} from './screens/UserProfileModal/UserProfileModal';
