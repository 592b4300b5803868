import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { Navigate, Outlet, Route, Routes, useHref, useLocation, useMatch, useNavigate, type NavigateOptions } from 'react-router';
import { AtendeProvider, AtendeShell, type AtendeProviderProps, Spinner, useSession, useT, useTicketNotifications, useToast } from '@atende/ui-kit';
import { lazyPage } from './pages/lazy-page';
import { FeatureDisabledPage, HomePage, NotFoundPage, PRIVATE_PAGES, SubscriptionExpiredPage, type PrivatePage } from './pages/routes';
import { useBrandHead } from './session/brand-head';
import { clearRedirect, rememberRedirect, storedRedirect } from './session/redirect';
import './App.css';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Spec attendance §4: the page reloads 1 s after the forced-logout message. */
export const FORCED_LOGOUT_RELOAD_MS = 1000;

export interface AppProps {
  /** The API origin; '' is the page's own (the API serves the built console, Vite proxies in dev). */
  apiUrl?: string;
  /** Replaces window.location.reload (tests). */
  reload?: () => void;
  /** Extra provider settings (tests: fetch, realtime). */
  providerProps?: Partial<AtendeProviderProps>;
}

/** The console: the kit's provider (session, socket, locale, theme, brand) around the routes. */
export function App({ apiUrl = '', reload = () => window.location.reload(), providerProps }: AppProps) {
  const navigate = useNavigate();
  const forced = useRef<() => void>(() => {});
  const onForcedLogout = useCallback(() => forced.current(), []);
  return (
    <AtendeProvider
      {...providerProps}
      apiUrl={apiUrl}
      className="console-root"
      onLogout={() => void navigate('/login', { replace: true })}
      onForcedLogout={onForcedLogout}
    >
      <BrandHead />
      <ForcedLogoutNotice bind={(fn) => (forced.current = fn)} reload={reload} />
      <RouterProvider navigate={(path, options) => void navigate(path, options)} useHref={useHref}>
        <Routes>
          <Route element={<PublicOnly />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/signup" element={<SignUpPage />} />
            <Route path="/forgetpsw" element={<ForgotPasswordPage />} />
          </Route>
          <Route element={<Private />}>
            <Route index element={<Home />} />
            {PRIVATE_PAGES.map((page) => (
              <Route key={page.path} path={page.path} element={<PlanGate page={page} />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </RouterProvider>
    </AtendeProvider>
  );
}

/** Pages that stay open while the subscription is expired: paying it. */
const OPEN_WHEN_EXPIRED = new Set(['/financeiro', '/subscription']);

/** The company's subscription expired: held to paying, unless a super user (or one acting as this user). */
function useHeldToPaying(): boolean {
  const { user, impersonated } = useSession();
  return Boolean(user?.company.subscriptionExpired && !user.super && !impersonated);
}

/** A private page, or what stands in for it when the company's plan lacks its feature or its subscription expired. */
function PlanGate({ page: { Page, title, feature, path } }: { page: PrivatePage }) {
  const { user } = useSession();
  const held = useHeldToPaying();
  if (held && !OPEN_WHEN_EXPIRED.has(path)) return <SubscriptionExpiredPage title={title} />;
  if (feature && user && !user.features[feature]) return <FeatureDisabledPage title={title} />;
  return <Page title={title} />;
}

/**
 * The account was opened on another computer: the spec's message, local storage cleared, and a
 * reload after 1 s (the provider does not call this while impersonating).
 */
function ForcedLogoutNotice({ bind, reload }: { bind: (fn: () => void) => void; reload: () => void }) {
  const t = useT();
  const toast = useToast();
  useEffect(() => {
    bind(() => {
      toast.warning(t('session.forcedLogout'), { timeout: 0 });
      localStorage.clear();
      setTimeout(reload, FORCED_LOGOUT_RELOAD_MS);
    });
  });
  return null;
}

/**
 * Public routes. Signing in here goes to the stored redirect (a /tickets/ path opened while signed out) or to /
 * (which sends attendants on to /tickets); a user who was already signed in when the page opened goes to /.
 * Deciding from this page's own sign-in, not from whether a redirect is still stored, keeps the rule free of races.
 */
function PublicOnly() {
  const { status } = useSession();
  const [wasSignedOutHere, setWasSignedOutHere] = useState(false);
  if (status !== 'authenticated') {
    // Set while rendering (React's pattern for what earlier renders saw): once, and re-rendered before the commit.
    if (!wasSignedOutHere) setWasSignedOutHere(true);
    return (
      <Suspense fallback={<Spinner className="console-page-loading" size="lg" />}>
        <Outlet />
      </Suspense>
    );
  }
  return <Navigate to={(wasSignedOutHere && storedRedirect()) || '/'} replace />;
}

/** Web push's service worker (public/sw.js), at the site's root so its scope covers every route. */
const PUSH_SERVICE_WORKER = `${import.meta.env.BASE_URL}sw.js`;

function Private() {
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const authenticated = status === 'authenticated';
  useEffect(() => {
    if (authenticated) clearRedirect();
  }, [authenticated]);
  if (!authenticated) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  return (
    <AtendeShell
      currentPath={location.pathname}
      onOpenTicket={(uuid) => void navigate(`/tickets/${uuid}`)}
      onOpenTasks={() => void navigate('/todolist')}
      onOpenChat={(uuid) => void navigate(`/chats/${uuid}`)}
      pushServiceWorkerUrl={PUSH_SERVICE_WORKER}
      onImpersonationEnded={() => void navigate('/', { replace: true })}
    >
      <TicketNotifications />
      {/* Private pages load on first visit; the shell stays while one does. */}
      <Suspense fallback={<Spinner className="console-page-loading" size="lg" />}>
        <Outlet />
      </Suspense>
    </AtendeShell>
  );
}

/** Desktop notifications and sound for incoming messages; a click opens the ticket (spec attendance §4). */
function TicketNotifications() {
  const navigate = useNavigate();
  const activeTicketUuid = useMatch('/tickets/:ticketId')?.params.ticketId;
  useTicketNotifications({ activeTicketUuid, onOpenTicket: (uuid) => void navigate(`/tickets/${uuid}`) });
  return null;
}

/** / is the admin dashboard; everyone else lands on /tickets. */
function Home() {
  const { user } = useSession();
  const held = useHeldToPaying();
  if (held) return <SubscriptionExpiredPage title="nav.dashboard" />;
  if (!user?.permissions.includes('dashboard:view')) return <Navigate to="/tickets" replace />;
  return <HomePage title="nav.dashboard" />;
}

/** The tab's title and icon, from the company's brand. */
function BrandHead() {
  useBrandHead();
  return null;
}

// The public pages load on their first visit, the login too (./pages/LoginPage.tsx: a signed-in load skips its form);
// signing up and resetting a password, rare visits, share one chunk.
const LoginPage = lazyPage(() => import('./pages/LoginPage').then((m) => m.LoginPage));
const SignUpPage = lazyPage(() => import('./pages/AccountPages').then((m) => m.SignUpPage));
const ForgotPasswordPage = lazyPage(() => import('./pages/AccountPages').then((m) => m.ForgotPasswordPage));
