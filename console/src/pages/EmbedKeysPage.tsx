import { EmbedKeys } from '@atende/ui-kit';

/** /embed-keys: the kit's embed keys page (company admins, embed-keys:manage): the keys partners' servers sign sign-in tokens with. */
export function EmbedKeysPage() {
  return <EmbedKeys headingLevel={1} />;
}
