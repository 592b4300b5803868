import { Helps } from '@atende/ui-kit';
import './HelpsPage.css';

/**
 * /helps (spec administration §2, 'Helps'): the kit's grid of help videos for everyone. Super users also get
 * 'Gerenciar vídeos' there, which swaps the grid for the list with add, edit and delete (the kit's HelpsAdmin, which
 * the settings' 'Ajuda' tab mounts as well).
 */
export function HelpsPage() {
  return (
    <div className="console-helps">
      <Helps headingLevel={1} />
    </div>
  );
}
