import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REALTIME_SCHEMAS } from '../realtime/realtime-events';
import { nullableToJsonSchema } from './json-schema';

/**
 * api/asyncapi.json (AsyncAPI 3.0): the socket events, generated from the event map's declarations in
 * src/realtime/realtime-events.ts (read with the TypeScript compiler, so the document says what the types say,
 * comments included) and the contract's schemas of the entities they carry. `npm run asyncapi -w api` writes it;
 * asyncapi.spec.ts fails when the committed file drifts. TypeScript is loaded only here, never by the server, which
 * serves the committed file.
 */
type Json = Record<string, unknown>;

/** Who hears each map's events: the socket.io rooms they are sent to (src/realtime/realtime.service.ts). */
const AUDIENCES: Record<string, { rooms: string; address: (channel: string) => string }> = {
  ServerChannels: {
    rooms:
      "The company's room `company:{companyId}` (every signed-in socket of the company); where the comment names a permission, only the room of the sockets whose user holds it (`company:{companyId}:can:{permission}`).",
    address: (c) => `company-{companyId}-${c}`,
  },
  TicketChannels: {
    rooms:
      "The rooms of the sockets allowed to see the ticket: its queue's (`company:{companyId}:queue:{queueId}`), the company's all-tickets room (`company:{companyId}:tickets:all`) and its assignee's (`user:{userId}`); contacts go to the company's room.",
    address: (c) => `company-{companyId}-${c}`,
  },
  ChatChannels: {
    rooms: "The rooms of the chat's members (`user:{userId}`), never the rest of the company.",
    address: (c) => `company-{companyId}-${c}`,
  },
  TaskChannels: { rooms: "The owner's room (`user:{userId}`): only that user's own sockets.", address: (c) => `company-{companyId}-${c}` },
  PlatformChannels: {
    rooms: 'Every signed-in socket of every company; the full record only to the platform room `platform:can:announcements:manage`.',
    address: (c) => `company-${c}`,
  },
};

/** A template channel key (`chat-user-${number}`) as an address with a named parameter. */
const TEMPLATE_PARAMS: Record<string, string> = { 'chat-user-': 'userId', 'chat-': 'chatId' };

export function generateAsyncApi(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ts = require('typescript') as typeof import('typescript');
  const file = join(__dirname, '..', 'realtime', 'realtime-events.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const openapi = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as { components: { schemas: Record<string, Json> } };
  const entity = REALTIME_SCHEMAS as Record<string, string>;
  const usedSchemas = new Set<string>();

  const doc = (node: import('typescript').Node): string | undefined => {
    const tags = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
    const text = tags
      .map((d) => ts.getTextOfJSDocComment(d.comment) ?? '')
      .join('\n')
      .trim();
    return text ? text.replace(/\s*\n\s*/g, ' ') : undefined;
  };

  const schemaOf = (node: import('typescript').TypeNode): Json => {
    if (ts.isParenthesizedTypeNode(node)) return schemaOf(node.type);
    if (ts.isUnionTypeNode(node)) {
      const literals = node.types.filter((t) => ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal));
      const rest = node.types.filter((t) => !literals.includes(t));
      const enumOf: Json | undefined = literals.length
        ? { type: 'string', enum: literals.map((t) => ((t as import('typescript').LiteralTypeNode).literal as import('typescript').StringLiteral).text) }
        : undefined;
      const isNull = (t: import('typescript').TypeNode) => ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword;
      const others = rest.filter((t) => !isNull(t)).map(schemaOf);
      const nullable = rest.some(isNull);
      const all = [...(enumOf ? [enumOf] : []), ...others];
      if (all.length === 1 && nullable && typeof all[0].type === 'string' && !all[0].enum) return { ...all[0], type: [all[0].type, 'null'] };
      const choices = [...all, ...(nullable ? [{ type: 'null' }] : [])];
      return choices.length === 1 ? choices[0] : { oneOf: choices };
    }
    if (ts.isLiteralTypeNode(node)) {
      if (ts.isStringLiteral(node.literal)) return { type: 'string', const: node.literal.text };
      if (ts.isNumericLiteral(node.literal)) return { type: 'number', const: Number(node.literal.text) };
      if (node.literal.kind === ts.SyntaxKind.NullKeyword) return { type: 'null' };
      return { type: 'boolean', const: node.literal.kind === ts.SyntaxKind.TrueKeyword };
    }
    if (ts.isTypeLiteralNode(node)) {
      const properties: Json = {};
      const required: string[] = [];
      for (const member of node.members) {
        if (!ts.isPropertySignature(member) || !member.type) continue;
        const name = member.name.getText(source);
        const description = doc(member);
        properties[name] = { ...schemaOf(member.type), ...(description ? { description } : {}) };
        if (!member.questionToken) required.push(name);
      }
      return { type: 'object', properties, required, additionalProperties: false };
    }
    if (ts.isArrayTypeNode(node)) return { type: 'array', items: schemaOf(node.elementType) };
    if (ts.isTypeReferenceNode(node) && node.typeName.getText(source) === 'RealtimeEntity') {
      const arg = node.typeArguments?.[0];
      const key = arg && ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal) ? arg.literal.text : '';
      const name = entity[key];
      if (!name) throw new Error(`RealtimeEntity<'${key}'> names no schema in REALTIME_SCHEMAS`);
      usedSchemas.add(name);
      return { $ref: `#/components/schemas/${name}` };
    }
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { type: 'string' };
      case ts.SyntaxKind.NumberKeyword:
        return { type: 'number' };
      case ts.SyntaxKind.BooleanKeyword:
        return { type: 'boolean' };
    }
    throw new Error(`asyncapi: no schema for the type ${node.getText(source)} in realtime-events.ts`);
  };

  const channels: Json = {};
  const operations: Json = {};
  const security = [{ $ref: '#/components/securitySchemes/accessToken' }];
  const messages: Json = {};
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement) || !AUDIENCES[statement.name.text]) continue;
    const audience = AUDIENCES[statement.name.text];
    const groupDoc = doc(statement);
    for (const member of statement.members) {
      let key: string;
      let type: import('typescript').TypeNode | undefined;
      let address: string;
      const parameters: Json = {};
      if (ts.isPropertySignature(member)) {
        key = member.name.getText(source);
        type = member.type;
        address = audience.address(key);
      } else if (ts.isIndexSignatureDeclaration(member)) {
        // `[userChannel: `chat-user-${number}`]`: a channel per user or chat.
        const template = member.parameters[0].type?.getText(source) ?? '';
        const prefix = /`([a-z-]+)\$\{number\}`/.exec(template)?.[1] ?? '';
        const param = TEMPLATE_PARAMS[prefix];
        key = `${prefix}{${param}}`;
        type = member.type;
        address = audience.address(key);
        parameters[param] = { description: param === 'userId' ? 'The user whose unread counts changed' : 'The chat the message is in' };
      } else continue;
      if (!type) continue;
      parameters.companyId = address.includes('{companyId}') ? { description: "The caller's company (from the token)" } : undefined;
      if (!parameters.companyId) delete parameters.companyId;
      const id = key.replace(/[{}]/g, '');
      const variants = ts.isUnionTypeNode(type) ? type.types : [type];
      const channelMessages: Json = {};
      for (const variant of variants) {
        const payload = schemaOf(variant);
        const action = ((payload.properties as Json | undefined)?.action as { const?: string; enum?: string[] } | undefined) ?? {};
        const actions = action.const ? [action.const] : (action.enum ?? ['event']);
        const name = `${id}.${actions.join('-')}`;
        messages[name] = {
          name: actions.join(' | '),
          title: `${key}: ${actions.join(', ')}`,
          contentType: 'application/json',
          payload,
        };
        channelMessages[actions.join('-')] = { $ref: `#/components/messages/${name}` };
      }
      const description = [doc(member), `Heard by: ${audience.rooms}`, groupDoc && statement.name.text !== 'ServerChannels' ? groupDoc : undefined]
        .filter(Boolean)
        .join('\n\n');
      channels[id] = { address, description, messages: channelMessages, ...(Object.keys(parameters).length ? { parameters } : {}) };
      operations[`receive-${id}`] = {
        action: 'send',
        security,
        summary: `The server emits ${address}`,
        channel: { $ref: `#/channels/${id}` },
        messages: Object.keys(channelMessages).map((m) => ({ $ref: `#/channels/${id}/messages/${m}` })),
      };
    }
  }

  // What a client emits to the server (the gateway's handlers), each answered by an ack when asked for one.
  const ack = { $ref: '#/components/schemas/SocketAck' };
  const clientEvents: [string, string, Json | undefined][] = [
    ['joinChatBox', "Join a ticket's chat room (its id or uuid) to hear its messages while it is open.", { oneOf: [{ type: 'string' }, { type: 'number' }] }],
    ['joinNotification', 'Join the notification room: new messages of every ticket the user may see.', undefined],
    ['joinTickets', 'Join the live list of tickets of one status.', { type: 'string', enum: ['open', 'pending', 'closed', 'group'] }],
    ['userStatus', 'The client is still here (every 5 minutes): keeps the user online.', undefined],
  ];
  for (const [event, description, payload] of clientEvents) {
    messages[`client.${event}`] = { name: event, title: event, contentType: 'application/json', ...(payload ? { payload } : {}) };
    channels[event] = { address: event, description, messages: { [event]: { $ref: `#/components/messages/client.${event}` } } };
    operations[`send-${event}`] = {
      action: 'receive',
      security,
      summary: `The server handles ${event}`,
      channel: { $ref: `#/channels/${event}` },
      messages: [{ $ref: `#/channels/${event}/messages/${event}` }],
      ...(event === 'userStatus' ? {} : { reply: { messages: [{ $ref: '#/components/messages/ack' }] } }),
    };
  }
  // Sent by the server, without a payload, once a socket has connected (realtime.gateway.ts).
  messages['server.ready'] = { name: 'ready', title: 'ready', contentType: 'application/json' };
  channels.ready = {
    address: 'ready',
    description: 'The socket has authenticated and joined its rooms. Clients of the original system send their joins when they hear it.',
    messages: { ready: { $ref: '#/components/messages/server.ready' } },
  };
  operations['receive-ready'] = {
    action: 'send',
    security,
    summary: 'The server emits ready once a socket has connected',
    channel: { $ref: '#/channels/ready' },
    messages: [{ $ref: '#/channels/ready/messages/ready' }],
  };
  messages.ack = { name: 'ack', title: 'The acknowledgement', contentType: 'application/json', payload: ack };

  // The entities' schemas, from the HTTP contract (with the schemas they refer to), as JSON Schema.
  const schemas: Json = {
    SocketAck: {
      description: 'What a client event acknowledges: success, or the error body HTTP would answer',
      oneOf: [{ type: 'object', properties: { ok: { const: true } }, required: ['ok'] }, { $ref: '#/components/schemas/ErrorResponseDto' }],
    },
  };
  const pending = [...usedSchemas, 'ErrorResponseDto'];
  while (pending.length) {
    const name = pending.pop()!;
    if (schemas[name]) continue;
    const schema = openapi.components.schemas[name];
    if (!schema) throw new Error(`asyncapi: the contract has no schema ${name}`);
    schemas[name] = refsAlone(nullableToJsonSchema(schema));
    for (const [, ref] of JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) if (!schemas[ref]) pending.push(ref);
  }

  const document = {
    asyncapi: '3.0.0',
    info: {
      title: 'Atende realtime events',
      version: '1.0.0',
      description: [
        'The socket.io events of the Atende API. Connect to the API\'s origin with `?token=<access token>` over the websocket transport (`io(url, { query: { token }, transports: ["websocket"] })`).',
        "Server events are named `company-{companyId}-{channel}` (platform-wide ones `company-{channel}`) and carry `{ action, ... }`; each entity in them is exactly what the HTTP route returning it answers (the schemas below are the HTTP contract's, api/openapi.json). Events reach only the sockets allowed to see them: each channel says who hears it.",
        'Generated from src/realtime/realtime-events.ts by `npm run asyncapi -w api`.',
      ].join('\n\n'),
    },
    defaultContentType: 'application/json',
    servers: {
      atende: {
        host: 'localhost:8080',
        protocol: 'ws',
        pathname: '/socket.io',
        description: "socket.io (engine.io 4) at the API's origin; locally `npm start` serves http://localhost:8080",
      },
    },
    channels,
    operations,
    components: {
      messages,
      schemas,
      securitySchemes: {
        accessToken: {
          type: 'httpApiKey',
          in: 'query',
          name: 'token',
          description:
            'The access token of POST /auth/login (or of an embed session), as `?token=` of the connection; a socket whose session ends is disconnected',
        },
      },
    },
  };
  return `${JSON.stringify(sortDeep(document), null, 2)}\n`;
}

/** AsyncAPI schemas are JSON Schema draft 7, where a `$ref`'s siblings are ignored: the reference goes into `allOf`. */
function refsAlone<T>(node: T): T {
  if (Array.isArray(node)) return node.map(refsAlone) as T;
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'example' ? v : refsAlone(v)])) as Record<string, unknown>;
  if (typeof out.$ref === 'string' && Object.keys(out).length > 1) {
    const { $ref, ...rest } = out;
    return { ...rest, allOf: [{ $ref }] } as T;
  }
  return out as T;
}

function sortDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortDeep) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortDeep((value as Record<string, unknown>)[k])]),
    ) as T;
  return value;
}
