/**
 * The contract's tags in reading order (signing in first, then attending, then configuring, then the platform),
 * each said from the specification's point of view (../shared/spec). A tag an operation uses must be listed here:
 * test/openapi-examples.e2e-spec.ts fails on one without a description.
 */
export const CONTRACT_TAGS: { name: string; description: string }[] = [
  // Session and the caller
  {
    name: 'auth',
    description:
      'Sign-up, login, token refresh, logout and password reset; also the exchange of a partner-minted token for an embed session. ' +
      'A login answers the access token and the signed-in user with company, plan, settings and permissions.',
  },
  {
    name: 'embed-keys',
    description:
      "A company admin's keys for partner-minted sessions: each key's secret (shown once) signs the short-lived tokens a " +
      "partner's server mints for its users, accepted only from the key's allowed origins. See docs/partners.md.",
  },
  { name: 'users', description: "The company's users (attendants, supervisors, admins), their profiles, queues and connections." },
  // Attending
  {
    name: 'tickets',
    description:
      'Customer conversations. A ticket is pending until an attendant accepts it, open while attended, closed when done; ' +
      "lists are filtered by status, queue, tag and the caller's visibility.",
  },
  { name: 'messages', description: "A ticket's messages: the history, sending text and media, editing, deleting and forwarding." },
  { name: 'ticket-notes', description: "Internal notes on a ticket's contact, visible to the company's users only, never sent." },
  { name: 'contacts', description: "The company's WhatsApp contacts: search, create, edit, import from the phone, custom fields." },
  { name: 'tags', description: 'Labels on tickets; a tag marked as a kanban lane becomes a column of the kanban board.' },
  { name: 'kanban', description: "The board of open tickets by lane tag: a ticket's lane is the kanban tag it carries." },
  { name: 'quick-messages', description: 'Reusable replies an attendant inserts by shortcode (`/shortcode`), optionally with an attachment.' },
  { name: 'schedules', description: 'Messages to a contact at a future date and time, shown on a calendar; sent by the server at that time.' },
  { name: 'chats', description: 'Internal chat between users of the same company; only the members of a chat see it.' },
  { name: 'tasks', description: "A user's personal to-do list; nobody else sees it." },
  { name: 'dashboard', description: 'Attendance figures over a period: tickets by status, waiting and attendance times, per attendant.' },
  // Campaigns
  {
    name: 'campaigns',
    description:
      'Mass sending to a contact list, with up to five message variants and optional confirmation; scheduled, started, ' +
      'cancelled and reported per recipient. Needs the plan flag `useCampaigns`.',
  },
  { name: 'campaign-settings', description: "The company's campaign sending rules: intervals between messages, pauses, variables." },
  { name: 'contact-lists', description: 'Named lists of numbers that campaigns send to; imported from a spreadsheet or built by hand.' },
  { name: 'contact-list-items', description: 'The contacts of a contact list, each checked for a WhatsApp account.' },
  { name: 'files', description: 'File lists: reusable sets of files with a message, attached to campaigns and queue options.' },
  // Automation
  { name: 'queues', description: 'Queues (sectors) tickets are routed to, with their chatbot greeting, working hours and users.' },
  { name: 'queue-options', description: "A queue's chatbot menu: numbered options, nested, each answering with a message or moving the ticket." },
  {
    name: 'queueIntegration',
    description:
      'Integrations a queue hands its tickets to: Dialogflow, n8n, a webhook or Typebot. Webhook-style integrations ' +
      "receive the deliveries described under the contract's webhooks. Needs the plan flag `useIntegrations`.",
  },
  { name: 'prompts', description: 'AI assistant prompts per queue (OpenAI): the instructions, model and voice. Needs the plan flag `useOpenAi`.' },
  { name: 'holidays', description: 'Days the company does not attend, with the message sent to customers who write on them.' },
  // Connections and the outside world
  {
    name: 'connections',
    description:
      "The company's WhatsApp connections: creating one, pairing it by QR code, its session, greeting and farewell messages, and its send-message API token.",
  },
  {
    name: 'messages-api',
    description: "Send WhatsApp messages from a company's own systems, with a connection's API token instead of a user's session.",
  },
  {
    name: 'whatsapp-cloud',
    description:
      "Meta's calls to the platform for official API connections: the webhook's verification and its signed deliveries of customers' messages and statuses (docs/official-api.md).",
  },
  { name: 'push', description: "Web-push subscriptions of a user's browsers, and the notifications they receive." },
  { name: 'sandbox', description: 'A simulated phone for trying connections, queues and integrations without WhatsApp (outside production).' },
  // The company's account
  { name: 'settings', description: "The company's settings (behaviour switches, white-label styling) and the public ones a login page reads." },
  { name: 'subscription', description: "The company's subscription: its plan, due date, and paying the open invoice." },
  { name: 'invoices', description: "The company's invoices ('Faturas'): issued each period by its plan, paid by PIX or card." },
  { name: 'audit', description: 'Who changed what and when in the company: the audit log of sensitive actions, exportable.' },
  // The platform (super users)
  { name: 'companies', description: 'Companies of the platform (super users): create, edit, plans, due dates, their users; and platform settings.' },
  { name: 'plans', description: 'Plans companies subscribe to (super users): limits of users, connections and queues, feature flags, price.' },
  { name: 'announcements', description: "System announcements super users publish to every company's users, with a priority." },
  { name: 'helps', description: 'Help videos super users publish and every user sees on the help page.' },
  { name: 'health', description: 'Liveness and readiness of this API process and what it depends on (PostgreSQL, Redis).' },
];

/** The document's overview: what a reader needs before the first call. */
export const CONTRACT_OVERVIEW = [
  "Multi-company customer service over WhatsApp: the HTTP API that the Atende console and partners' widgets use.",
  '',
  '## Authentication',
  'Sign in with `POST /auth/login`, then send `Authorization: Bearer <token>`. The access token lasts 15 minutes: a 403 ' +
    '`ERR_TOKEN_EXPIRED` means refresh once with `POST /auth/refresh_token` (httpOnly refresh cookie) and retry; a 401 ' +
    '`ERR_SESSION_EXPIRED` means the session is gone (sign in again). A partner embedding the widgets mints a short-lived ' +
    'token on its server and exchanges it with `POST /auth/embed/session`: see the partner guide, ' +
    '`docs/partners.md` in the repository. ' +
    "A company's own systems send messages with `POST /messages/send` (tag **messages-api**), authenticated by a " +
    "connection's API token instead of a session.",
  '',
  '## Tenancy',
  "Every call acts within the caller's company, taken from the token, never from the body or the query: another " +
    "company's records answer 404 as if they did not exist. Each operation names the permission it requires; plan-flagged " +
    "areas also need the flag on the company's plan (`ERR_PLAN_FEATURE_DISABLED`), and an expired subscription " +
    'answers 402 `ERR_SUBSCRIPTION_EXPIRED` everywhere but signing in and paying.',
  '',
  '## Errors',
  'Every error is `{ error, message, fields? }`: `error` is a stable code of the `ErrorCode` enum (clients translate it), ' +
    '`message` an English explanation, `fields` the failing fields of a 400 `ERR_VALIDATION`. Each operation lists the codes ' +
    'it answers, one example per code.',
  '',
  '## Pagination',
  'Lists that grow take `pageNumber` (from 1) and answer `hasMore` (and a `count` where it is cheap); small lists answer ' + 'everything at once.',
  '',
  '## Rate limits',
  'Signing in, signing up, password resets and `POST /messages/send` are limited per account and per client IP. ' +
    'Their answers carry `X-RateLimit-Limit-account`, `X-RateLimit-Remaining-account`, `X-RateLimit-Reset-account` ' +
    '(and the same with `-ip`); past the limit they answer 429 `ERR_TOO_MANY_REQUESTS` with `Retry-After-account` or ' +
    '`Retry-After-ip`.',
  '',
  '## Realtime',
  'Changes reach the clients over socket.io (`?token=<access token>`, websocket transport) as events named ' +
    '`company-{companyId}-{channel}` carrying `{ action, ... }` with the same entities the HTTP routes answer. The events ' +
    'are described as an AsyncAPI 3.0 document: [asyncapi.json](/docs/asyncapi.json).',
  '',
  '## Webhooks',
  'Queue integrations of type webhook and n8n receive a signed `POST` of each customer message of the tickets they ' +
    'answer, and may answer it back (`reply`, `handOff`, `close`): the webhook **integrationMessage** below, its bodies ' +
    'the schemas `IntegrationMessageWebhookDto` and `IntegrationMessageAnswerDto`.',
].join('\n');
