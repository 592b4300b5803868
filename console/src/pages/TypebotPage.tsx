import { useNavigate } from 'react-router';
import { TypebotOverlay } from '@atende/ui-kit';

/** /typebot (spec back-office §2): the first typebot integration's front-end URL, full screen; closing goes to /tickets. */
export function TypebotPage() {
  const navigate = useNavigate();
  return <TypebotOverlay onClose={() => void navigate('/tickets')} />;
}
