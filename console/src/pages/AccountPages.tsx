// The public pages a visitor rarely opens (sign-up, password reset): one chunk loaded on their first visit.
import { useNavigate } from 'react-router';
import { ForgotPassword, SignUp } from '@atende/ui-kit';
import { Brand } from './Brand';

export function SignUpPage() {
  const navigate = useNavigate();
  return <SignUp brand={<Brand />} onSignedUp={() => void navigate('/login')} />;
}

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  return <ForgotPassword brand={<Brand />} onDone={() => void navigate('/', { replace: true })} />;
}
