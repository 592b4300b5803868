// The official WhatsApp API in the chat (issue 35): the customer's 24-hour window (GET /messages/{ticketId}/window) and
// sending an approved template (POST /messages/{ticketId}/template).
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Schema } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient, useSocketEvent } from '../../../provider/context';
import { useApiMutation } from '../../../data/mutations';
import { atendeKeys } from '../../../data/query-keys';
import { writeMessage } from '../../../data/cache-writes';

type MessageDto = Schema<'MessageDto'>;
type TicketDto = Schema<'TicketDto'>;

/** GET /messages/{ticketId}/window: official or not, open or not, and until when. */
export type CustomerWindow = Schema<'CustomerWindowDto'>;
/** POST /messages/{ticketId}/template: an approved template and one value per variable ({{name}} and the like filled by the API). */
export type SendTemplateBody = Schema<'SendTemplateDto'>;
/** What a template message keeps in `dataJson.template`: what was sent. */
export type SentTemplate = Schema<'SendTemplateDto'>;
/** GET /whatsapp/{whatsappId}/templates: a synced template of an official connection (the composer's picker). */
export type MessageTemplate = Schema<'MessageTemplateDto'>;

/** The ticket's connection is an official API one (the ticket's `whatsapp.type`, answered since issue 35). */
export function isOfficialTicket(ticket: Pick<TicketDto, 'whatsapp'> | null | undefined): boolean {
  return ticket?.whatsapp?.type === 'official';
}

/** The template a message was sent as (its `dataJson.template`), if any. */
export function templateOf(message: Pick<MessageDto, 'dataJson'>): SentTemplate | null {
  const template = (message.dataJson as { template?: Partial<SentTemplate> } | null)?.template;
  return template && typeof template.name === 'string'
    ? { name: template.name, language: String(template.language ?? ''), params: template.params ?? [] }
    : null;
}

/** Why a failed message failed, in the network's words (`dataJson.sendFailure`), when it said. */
export function sendFailureOf(message: Pick<MessageDto, 'dataJson'>): string | null {
  const failure = (message.dataJson as { sendFailure?: unknown } | null)?.sendFailure;
  return typeof failure === 'string' && failure.trim() ? failure : null;
}

export const customerWindowKey = (ticketId: number) => [...atendeKeys.tickets.all(), 'window', ticketId] as const;

/**
 * The customer's window on the ticket's connection, kept current without a reload: read again when the customer
 * writes on this ticket (the socket's appMessage create, not from us) and when it closes (a timer to expiresAt).
 */
export function useCustomerWindow(ticketId: number, options: { enabled?: boolean } = {}): UseQueryResult<CustomerWindow> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const enabled = options.enabled ?? true;
  const query = useQuery({
    queryKey: customerWindowKey(ticketId),
    queryFn: ({ signal }) => unwrap(client.GET('/messages/{id}/window', { params: { path: { id: ticketId } }, signal })),
    enabled,
    staleTime: 30_000,
  });
  useSocketEvent('appMessage', (event) => {
    if (enabled && event.action === 'create' && event.message && !event.message.fromMe && event.message.ticketId === ticketId) {
      void queryClient.invalidateQueries({ queryKey: customerWindowKey(ticketId) });
    }
  });
  const expiresAt = query.data?.open ? query.data.expiresAt : null;
  useEffect(() => {
    if (!enabled || !expiresAt) return;
    // setTimeout holds at most ~24.8 days; a window is 24 h.
    const wait = Math.max(0, new Date(expiresAt).getTime() - Date.now()) + 500;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: customerWindowKey(ticketId) }), wait);
    return () => clearTimeout(timer);
  }, [enabled, expiresAt, queryClient, ticketId]);
  return query;
}

/**
 * The connection's approved templates (GET /whatsapp/{id}/templates?status=APPROVED), under the same key as the
 * connections page's lists ([..., 'whatsapps', 'templates', id, { status }]), so a sync there updates the picker.
 */
export function useApprovedTemplates(whatsappId: number, options: { enabled?: boolean } = {}): UseQueryResult<MessageTemplate[]> {
  const client = useApiClient();
  const status = 'APPROVED';
  return useQuery({
    queryKey: atendeKeys.whatsapps.templates(whatsappId, { status }),
    queryFn: ({ signal }) => unwrap(client.GET('/whatsapp/{whatsappId}/templates', { params: { path: { whatsappId }, query: { status } }, signal })),
    enabled: options.enabled ?? true,
    staleTime: 60_000,
  });
}

/** A template's text with its variables filled in order ({{1}} is values[0]); named variables by first appearance. */
export function renderTemplateText(body: string, values: readonly string[]): string {
  const named = new Map<string, number>();
  return body.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, key: string) => {
    let index: number;
    if (/^\d+$/.test(key)) index = Number(key) - 1;
    else {
      if (!named.has(key)) named.set(key, named.size);
      index = named.get(key)!;
    }
    const value = values[index];
    return value ? value : whole;
  });
}

/** POST /messages/{ticketId}/template: the sent template joins the ticket's messages. */
export function useSendTemplate(ticketId: number) {
  return useApiMutation((client, body: SendTemplateBody) => client.POST('/messages/{id}/template', { params: { path: { id: ticketId } }, body }), {
    onSuccess: (message, _body, queryClient) => writeMessage(queryClient, message, 'create'),
  });
}
