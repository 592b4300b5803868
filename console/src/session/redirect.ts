/** Where to go after login: remembered when a signed-out visitor opens a /tickets/ path (spec attendance §2). */
const REDIRECT_KEY = 'redirectTo';

export function rememberRedirect(path: string): void {
  if (path.startsWith('/tickets/')) sessionStorage.setItem(REDIRECT_KEY, path);
}

export function storedRedirect(): string | null {
  return sessionStorage.getItem(REDIRECT_KEY);
}

export function clearRedirect(): void {
  sessionStorage.removeItem(REDIRECT_KEY);
}
