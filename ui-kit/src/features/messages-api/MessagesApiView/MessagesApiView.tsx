import { useId, type ReactNode } from 'react';
import { useT } from '../../../i18n';
import { messagesApiTexts } from '../messages-api.texts';
import type { MessageKey } from '../../../i18n/pt';
import { Button } from '../../../primitives/Button/Button';
import { ApiSendForm, type ApiSendFormProps } from '../ApiSendForm/ApiSendForm';
import { CodeBlock } from '../CodeBlock/CodeBlock';
import { MessagesApiIcon } from '../messages-api-icons';
import {
  API_MEDIA_LIMITS_MB,
  API_MEDIA_MAX_FILES,
  API_MESSAGE_MAX,
  API_RATE_LIMIT_DEFAULT,
  EXAMPLE_NUMBER,
  curlMediaExample,
  curlTextExample,
} from '../messages-api-rules';

/** The props of one test form, less its kind. */
export type MessagesApiFormProps = Omit<ApiSendFormProps, 'kind' | 'headingLevel'>;

export interface MessagesApiViewProps {
  /** The absolute URL of POST /messages/send on the API in use (see messagesSendUrl). */
  endpoint: string;
  /** The text test form (token, number, message). */
  textForm: MessagesApiFormProps;
  /** The media test form (token, number, file, caption). */
  mediaForm: MessagesApiFormProps;
  /** Calls a token may make a minute (the server's THROTTLE_MESSAGES_API_LIMIT; 60 by default). */
  rateLimitPerMinute?: number;
  /** 'Ir para Conexões': where tokens are made; the console goes to /connections. Without it the text only names the page. */
  onOpenConnections?: () => void;
  /** Level of the section headings (2 by default; the test forms' headings are one below). */
  headingLevel?: 2 | 3;
}

/** The error codes the send answers, in status order, with what each means. */
const ERRORS: { status: number; code: string; key: MessageKey }[] = [
  { status: 400, code: 'ERR_VALIDATION', key: 'messagesApi.errors.validation' },
  { status: 400, code: 'ERR_EMPTY_MESSAGE', key: 'messagesApi.errors.empty' },
  { status: 401, code: 'ERR_INVALID_API_TOKEN', key: 'messagesApi.errors.token' },
  { status: 404, code: 'ERR_NO_WAPP_FOUND', key: 'messagesApi.errors.noConnection' },
  { status: 413, code: 'ERR_MEDIA_TOO_LARGE', key: 'messagesApi.errors.tooLarge' },
  { status: 415, code: 'ERR_UNSUPPORTED_MEDIA_TYPE', key: 'messagesApi.errors.unsupported' },
  { status: 429, code: 'ERR_TOO_MANY_REQUESTS', key: 'messagesApi.errors.rateLimit' },
];

const json = (value: unknown) => JSON.stringify(value, null, 2);

interface FieldDoc {
  name: string;
  required: boolean;
  text: string;
}

function Fields({ fields, label }: { fields: FieldDoc[]; label: string }) {
  const t = useT(messagesApiTexts);
  return (
    <div className="atd-MessagesApi-fieldList">
      <p className="atd-MessagesApi-fieldsLabel">{label}</p>
      <dl className="atd-MessagesApi-fields">
        {fields.map((field) => (
          <div key={field.name} className="atd-MessagesApi-field">
            <dt>
              <code>{field.name}</code>
              <span className="atd-MessagesApi-tag" data-required={field.required || undefined}>
                {t(field.required ? 'messagesApi.required' : 'messagesApi.optional')}
              </span>
            </dt>
            <dd>{field.text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A section: its heading, the documentation, and (for the two ways of sending) its test form beside it. */
function Section({ title, level, children, aside }: { title: string; level: 2 | 3; children: ReactNode; aside?: ReactNode }) {
  const id = useId();
  const Heading = `h${level}` as const;
  return (
    <section className="atd-MessagesApi-section" aria-labelledby={id} data-has-form={aside ? true : undefined}>
      <Heading id={id} className="atd-MessagesApi-sectionTitle">
        {title}
      </Heading>
      <div className="atd-MessagesApi-sectionBody">
        <div className="atd-MessagesApi-docs">{children}</div>
        {aside}
      </div>
    </section>
  );
}

/**
 * The messages-API page (spec back-office §2, /messages-api), presentational: how to send a text or files from
 * another system through `POST {endpoint}` with a connection's token (where to get one, the number without mask,
 * the JSON body and the multipart form, copyable curl examples), the response, the errors and the rate limit;
 * beside each way of sending, its test form.
 */
export function MessagesApiView({
  endpoint,
  textForm,
  mediaForm,
  rateLimitPerMinute = API_RATE_LIMIT_DEFAULT,
  onOpenConnections,
  headingLevel = 2,
}: MessagesApiViewProps) {
  const t = useT(messagesApiTexts);
  const formLevel = (headingLevel + 1) as 3 | 4;
  const token = t('messagesApi.example.token');
  const exampleBody = t('messagesApi.example.body');
  const caption = t('messagesApi.example.caption');
  const sampleFile = t('messagesApi.example.file');
  const authHeader = `Authorization: Bearer ${token}`;

  const response = json({
    ticketId: 42,
    ticketUuid: '2f1c7b0e-5d7a-4c43-9a57-0c4b8f3e9d21',
    ticketStatus: 'pending',
    contactId: 7,
    messages: [
      {
        id: '1024',
        ticketId: 42,
        contactId: 7,
        body: exampleBody,
        fromMe: true,
        ack: 0,
        mediaType: 'chat',
        source: 'api',
        createdAt: '2026-03-02T13:45:10.000Z',
      },
    ],
  });
  const errorBody = json({
    error: 'ERR_VALIDATION',
    message: 'Invalid fields: number',
    fields: [{ field: 'number', messages: ['Invalid number: country code, area code and number, 10 to 15 digits'] }],
  });

  return (
    <div className="atd-MessagesApi">
      <p className="atd-MessagesApi-intro">{t('messagesApi.intro')}</p>

      <Section title={t('messagesApi.setup.title')} level={headingLevel}>
        <div className="atd-MessagesApi-note">
          <MessagesApiIcon name="key" />
          <div>
            <p>{t('messagesApi.setup.token')}</p>
            {onOpenConnections && (
              <Button variant="secondary" className="atd-MessagesApi-connections" onPress={onOpenConnections}>
                {t('messagesApi.setup.openConnections')}
              </Button>
            )}
          </div>
        </div>
        <p>{t('messagesApi.setup.number', { example: EXAMPLE_NUMBER })}</p>
        <CodeBlock label={t('messagesApi.setup.endpoint')} code={`POST ${endpoint}`} copyValue={endpoint} language="http" />
        <CodeBlock label={t('messagesApi.setup.header')} code={authHeader} language="http" />
      </Section>

      <Section title={t('messagesApi.text.title')} level={headingLevel} aside={<ApiSendForm kind="text" headingLevel={formLevel} {...textForm} />}>
        <p>{t('messagesApi.text.description')}</p>
        <CodeBlock
          label={t('messagesApi.text.headers')}
          code={`POST ${endpoint}\n${authHeader}\nContent-Type: application/json`}
          language="http"
          copyable={false}
        />
        <Fields
          label={t('messagesApi.text.fields')}
          fields={[
            { name: 'number', required: true, text: t('messagesApi.doc.number') },
            { name: 'body', required: true, text: t('messagesApi.doc.body', { max: API_MESSAGE_MAX }) },
            { name: 'closeTicket', required: false, text: t('messagesApi.doc.closeTicket') },
          ]}
        />
        <CodeBlock label={t('messagesApi.text.json')} code={json({ number: EXAMPLE_NUMBER, body: exampleBody })} language="json" />
        <CodeBlock
          label={t('messagesApi.text.curl')}
          code={curlTextExample({ url: endpoint, token, number: EXAMPLE_NUMBER, body: exampleBody })}
          language="bash"
        />
      </Section>

      <Section title={t('messagesApi.media.title')} level={headingLevel} aside={<ApiSendForm kind="media" headingLevel={formLevel} {...mediaForm} />}>
        <p>{t('messagesApi.media.description')}</p>
        <CodeBlock
          label={t('messagesApi.media.headers')}
          code={`POST ${endpoint}\n${authHeader}\nContent-Type: multipart/form-data`}
          language="http"
          copyable={false}
        />
        <Fields
          label={t('messagesApi.media.fields')}
          fields={[
            { name: 'number', required: true, text: t('messagesApi.doc.number') },
            {
              name: 'medias',
              required: true,
              text: t('messagesApi.doc.medias', { files: API_MEDIA_MAX_FILES, image: API_MEDIA_LIMITS_MB.image, video: API_MEDIA_LIMITS_MB.video }),
            },
            { name: 'body', required: false, text: t('messagesApi.doc.caption', { max: API_MESSAGE_MAX }) },
            { name: 'closeTicket', required: false, text: t('messagesApi.doc.closeTicket') },
          ]}
        />
        <CodeBlock
          label={t('messagesApi.media.curl')}
          code={curlMediaExample({ url: endpoint, token, number: EXAMPLE_NUMBER, body: caption, file: sampleFile })}
          language="bash"
        />
      </Section>

      <Section title={t('messagesApi.response.title')} level={headingLevel}>
        <p>{t('messagesApi.response.description')}</p>
        <p>{t('messagesApi.response.acks')}</p>
        <CodeBlock label={t('messagesApi.response.example')} code={response} language="json" />
      </Section>

      <Section title={t('messagesApi.errors.title')} level={headingLevel}>
        <p>{t('messagesApi.errors.description')}</p>
        <ul className="atd-MessagesApi-errors">
          {ERRORS.map((error) => (
            <li key={error.code}>
              <span className="atd-MessagesApi-errorCode">
                <span className="atd-MessagesApi-status">{error.status}</span>
                <code>{error.code}</code>
              </span>
              <span>{t(error.key)}</span>
            </li>
          ))}
        </ul>
        <CodeBlock label={t('messagesApi.errors.example')} code={errorBody} language="json" />
        <p className="atd-MessagesApi-rate">
          <strong>{t('messagesApi.rate.title')}</strong> {t('messagesApi.rate.description', { limit: rateLimitPerMinute })}
        </p>
      </Section>
    </div>
  );
}
