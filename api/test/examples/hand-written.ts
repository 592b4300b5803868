import { sampleBody, type Doc } from './calls';

type Example = { status: number; request?: unknown; response?: unknown };
type Recorded = Record<string, { response?: unknown; request?: unknown }>;

/**
 * Examples of the operations the recorder does not call against a test app (a payment gateway and its notices, a
 * partner-signed token, the session's own refresh cookie or end, a campaign that must be sending, Dialogflow), made
 * from the recorded answers of the same entities where there is one, else from the schema with realistic values.
 * test/../src/contract/contract-examples.spec.ts validates them like the recorded ones.
 */
export function handWritten(doc: Doc, recorded: Recorded): Record<string, Example> {
  const sample = (name: string, over: Record<string, unknown> = {}) => ({
    ...(sampleBody(doc, { $ref: `#/components/schemas/${name}` }, undefined, '', 0, true) as object),
    ...over,
  });
  const session = recorded.login?.response;
  const campaign = recorded.updateCampaign?.response as Record<string, unknown> | undefined;
  const company = recorded.getCompany?.response as Record<string, unknown> | undefined;
  const sentMessage = (recorded.sendMessage?.response as { messages?: Record<string, unknown>[] } | undefined)?.messages?.[0];
  const pix = {
    txid: '7978c0c97ea847e78e8849634473c1f1',
    qrcode: {
      imagemQrcode: null,
      qrcode:
        '00020101021226830014BR.GOV.BCB.PIX2561qrcodespix.sejaefi.com.br/v2/41e0badf811a4ce6ad8a80b306821fce5204000053039865802BR5905EFISA6008SAOPAULO62070503***61040000',
    },
  };
  return {
    createEmbedSession: { status: 200, request: { token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.<redacted>.<redacted>' }, response: sample('EmbedSessionDto') },
    refreshToken: { status: 200, response: session },
    endImpersonation: { status: 200, response: session },
    cancelCampaign: { status: 200, response: campaign && { ...campaign, status: 'CANCELADA' } },
    restartCampaign: { status: 200, response: campaign && { ...campaign, status: 'EM_ANDAMENTO' } },
    setCompanyDueDate: {
      status: 200,
      request: { dueDate: '2027-02-04', expectedDueDate: '2027-01-04' },
      response: company && { ...company, dueDate: '2027-02-04' },
    },
    uploadFileListFiles: { status: 201, request: { files: ['catalogo.pdf'], id: ['1'] }, response: recorded.getFileList?.response },
    getInvoice: {
      status: 200,
      response: sample('InvoiceDto', { id: 1, detail: 'Plano Completo · 1 mês (vencimento 04/01/2027)', value: 199.9, planId: 1, periodMonths: 1 }),
    },
    sendApiMessage: { status: 201, request: { number: '5511933330001', body: 'Seu pedido #1234 saiu para entrega.' }, response: sample('ApiSendResultDto') },
    testQueueIntegrationSession: {
      status: 200,
      request: { projectName: 'atende-demo-bot', jsonContent: null, id: 1, language: 'pt-BR' },
      response: sample('TestSessionResultDto'),
    },
    linkSandboxPhone: { status: 204, request: sample('SandboxLinkDto') },
    playSandboxMessage: { status: 204, request: sample('SandboxPlayDto', { providerId: '3EB0C767D26A1D8A6B45' }) },
    checkout: { status: 201, request: { invoiceId: 1, firstName: 'Maria Silva' }, response: sample('PixCheckoutDto', pix) },
    payInSandbox: { status: 200, response: sample('PixCheckoutDto', pix) },
    efiWebhookTest: { status: 200, response: sample('WebhookAckDto') },
    efiWebhook: {
      status: 200,
      request: {
        pix: [
          { endToEndId: 'E18236120202701041200s0123456789', txid: pix.txid, chave: 'pix@atende.com.br', valor: '199.90', horario: '2027-01-04T12:00:00.000Z' },
        ],
      },
      response: sample('WebhookAckDto'),
    },
    bulkContactListItems: { status: 200, request: { ids: [3], action: 'delete' }, response: sample('BulkResultDto') },
    // Meta's deliveries are signed with the app's secret (X-Hub-Signature-256): the recorder holds no Meta app.
    receiveCloudWebhook: { status: 200, response: sample('CloudWebhookAckDto') },
    // The demo's tickets are on its QR-code connection: a template goes out on an official one.
    sendTemplate: {
      status: 201,
      request: { name: 'retomar_conversa', language: 'pt_BR', params: ['{{firstName}}'] },
      response: sentMessage && {
        ...sentMessage,
        body: 'Olá Maria, podemos continuar seu atendimento? Responda esta mensagem.',
        dataJson: { template: { name: 'retomar_conversa', language: 'pt_BR', params: ['Maria'] } },
      },
    },
  };
}
