// Sample contacts for the stories (the library build leaves src/test out, so stories do not import it).
import type { Schema } from '../../client';

const AT = '2026-01-01T00:00:00.000Z';
const NAMES = ['Maria Souza', 'João Pereira', 'Ana Lima', 'Carlos Alberto de Oliveira Nogueira Filho', 'Beatriz Costa', 'Pedro Henrique', 'Luiza Martins'];

export function sampleContact(overrides: Partial<Schema<'ContactDto'>> = {}): Schema<'ContactDto'> {
  return {
    id: 1,
    companyId: 3,
    name: 'Maria Souza',
    number: '5511999990001',
    email: '',
    isGroup: false,
    extraInfo: [],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** `count` contacts by name, every third without an e-mail. */
export function sampleContacts(count: number): Schema<'ContactDto'>[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${i + 1}` : ''}`;
    return sampleContact({
      id: i + 1,
      name,
      number: `55119999${String(i).padStart(5, '0')}`,
      email: i % 3 === 2 ? '' : `${name.split(' ')[0].toLowerCase()}${i + 1}@example.com`,
    });
  });
}
