// The sign-in page, a chunk of its own: a signed-in visit (an attendant's console reopened or reloaded, the usual
// load) does not download the login form and its form library (react-hook-form); the sign-in page fetches it when it
// shows, one request after the first load.
import { Login } from '@atende/ui-kit';
import { Brand } from './Brand';
import { syncCampaignsFlag } from '../session/campaigns-flag';

export function LoginPage() {
  return <Login brand={<Brand />} onLoggedIn={syncCampaignsFlag} />;
}
