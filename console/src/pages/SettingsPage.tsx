import { Settings } from '@atende/ui-kit';
import './SettingsPage.css';

/** /settings (spec administration §2): the kit's settings page with its tabs. */
export function SettingsPage() {
  return (
    <div className="console-settings">
      <Settings headingLevel={1} />
    </div>
  );
}
