// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';
import { errorsPt } from './errors';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';
import { embedKeysPt } from '../features/admin/embed-keys/embed-keys.texts';
import { usersPt } from '../features/admin/users/users.texts';
import { embedSessionPt } from './embed-session-texts';

/** The contract's ErrorCode enum: every code the API can answer. */
const contract = JSON.parse(readFileSync(fileURLToPath(new URL('../../../api/openapi.json', import.meta.url)), 'utf8')) as {
  components: { schemas: { ErrorCode: { enum: string[] } } };
};
const API_CODES = contract.components.schemas.ErrorCode.enum;

const SPEC_CATALOGUE = [
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
];

describe('error texts', () => {
  it('has a text for every code of the specs’ error catalogues', () => {
    expect(SPEC_CATALOGUE.filter((code) => !(code in errorsPt))).toEqual([]);
  });

  it('has a text for every code of the contract’s ErrorCode enum (add one to i18n/errors.ts when the API grows)', () => {
    expect(API_CODES.length).toBeGreaterThan(10);
    // A code only one admin page meets may keep its text in that page's table (its chunk), not in the core table the
    // embed's runtime and the console's first load carry: errorText finds it once the page registered its texts.
    const pageTexts: Record<string, string> = { ...embedKeysPt, ...usersPt, ...embedSessionPt };
    expect(API_CODES.filter((code) => !(code in pt) && !(code in pageTexts)).sort()).toEqual([]);
  });

  it('uses the texts users of the product know', () => {
    expect(pt.ERR_INVALID_CREDENTIALS).toBe('Erro de autenticação. Por favor, tente novamente.');
    expect(pt.ERR_SESSION_EXPIRED).toBe('Sessão expirada. Por favor entre.');
    expect(pt.ERR_NO_PERMISSION).toBe('Você não tem permissão para acessar este recurso.');
    expect(en.ERR_NO_PERMISSION).toBe("You don't have permission to access this resource.");
  });
});

describe('errorText (toast text of a failed call)', () => {
  it('translates a known code from an API body or an ApiRequestError', () => {
    expect(errorText('pt', { error: 'ERR_OTHER_OPEN_TICKET', message: 'ticket open' })).toBe(pt.ERR_OTHER_OPEN_TICKET);
    expect(errorText('es', { code: 'ERR_NO_PERMISSION', message: 'forbidden' })).toBe(es.ERR_NO_PERMISSION);
  });

  it('shows the raw text when the code is unknown', () => {
    expect(errorText('pt', { error: 'ERR_BRAND_NEW', message: 'Something specific' })).toBe('Something specific');
    expect(errorText('en', new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it('shows a plain string as is, translating it when it is a code', () => {
    expect(errorText('pt', 'Mensagem livre')).toBe('Mensagem livre');
    expect(errorText('en', 'ERR_NO_USER_FOUND')).toBe(en.ERR_NO_USER_FOUND);
  });

  it("falls back to 'An error occurred!' in the locale", () => {
    expect(errorText('en', undefined)).toBe('An error occurred!');
    expect(errorText('pt', {})).toBe('Ocorreu um erro!');
    expect(errorText('es', '  ')).toBe('¡Ocurrió un error!');
  });
});
