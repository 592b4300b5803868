/**
 * Login, its module fetched the first time it shows: a widget whose session comes from the partner's token, or is
 * already signed in, never downloads the form (react-hook-form, the field validators). Same props as Login.
 */
import { lazy, Suspense } from 'react';
import type { LoginProps } from './Login';

const LoginForm = lazy(() => import('./Login').then((m) => ({ default: m.Login })));

export function Login(props: LoginProps) {
  return (
    <Suspense fallback={null}>
      <LoginForm {...props} />
    </Suspense>
  );
}
