/**
 * The script-tag entry (dist/embed/atende-embed.js): a classic script that defines `window.Atende` at once. The
 * widget code comes later, by `import()` of the chunks in dist/embed/chunks/, which the browser resolves against
 * this script's own URL: keep the folder beside the script.
 */
import { EMBED_HOST_TAG, EMBED_WIDGETS, mount } from '../embed';

globalThis.Atende = { mount, EMBED_WIDGETS, EMBED_HOST_TAG };
