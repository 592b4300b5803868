import { useNavigate } from 'react-router';
import { Settings } from '@atende/ui-kit';
import './SettingsPage.css';

/** /settings (spec administration §2): the kit's settings page with its tabs; 'Acessar como' lands on the home page. */
export function SettingsPage() {
  const navigate = useNavigate();
  return (
    <div className="console-settings">
      <Settings headingLevel={1} onImpersonated={() => void navigate('/', { replace: true })} />
    </div>
  );
}
