import { useNavigate } from 'react-router';
import { MessagesApi, messagesApiTexts, useT } from '@atende/ui-kit';
import './MessagesApiPage.css';

/**
 * /messages-api (spec back-office §2): the kit's documentation of the send-message API with its test forms. A test
 * send's ticket opens at /tickets/{uuid}; tokens are made on /connections.
 */
export function MessagesApiPage() {
  const t = useT(messagesApiTexts);
  const navigate = useNavigate();
  return (
    <section className="console-page console-messages-api" aria-labelledby="console-messages-api-title">
      <h1 id="console-messages-api-title" className="console-page-title">
        {t('messagesApi.title')}
      </h1>
      <MessagesApi onOpenTicket={(uuid) => void navigate(`/tickets/${uuid}`)} onOpenConnections={() => void navigate('/connections')} />
    </section>
  );
}
