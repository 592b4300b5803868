import type { EmbedSession } from './embed-session';
import type { SessionStore } from './session-store';

/**
 * Keeps a provider's session store in step with the embed session it uses (signed in, renewed, gone) and starts that
 * session; answers the function that stops both. `onLost` runs when a live session could not be renewed.
 */
export function bindEmbedSession(embed: EmbedSession, store: SessionStore, onLost: () => void): () => void {
  const sync = () => {
    const { token, user, status } = embed.get();
    if (token && user) {
      if (store.get().token !== token || store.get().user !== user) store.set({ token, user, impersonated: false });
    } else if (store.get().token) {
      store.clear();
      if (status === 'error') onLost();
    }
  };
  sync();
  const unsubscribe = embed.subscribe(sync);
  const detach = embed.attach();
  return () => {
    unsubscribe();
    detach();
  };
}
