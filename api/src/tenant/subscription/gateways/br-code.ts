/**
 * A static Pix BR Code (EMV QR Code Merchant-Presented Mode, as the Banco Central's manual lays it out), for the
 * sandbox gateway: a payload any Pix reader parses, with the CRC16-CCITT the standard asks for. Never a real key.
 */
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF), as hex, upper case, 4 digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** ASCII letters, digits and spaces only, cut to `max` (names and cities in a BR Code are plain). */
const plain = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .trim()
    .slice(0, max) || 'ATENDE';

export function pixBrCode(input: { key: string; value: string; txid: string; merchantName: string; merchantCity: string }): string {
  const account = field('00', 'br.gov.bcb.pix') + field('01', input.key);
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', input.value) +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25)) +
    field('60', plain(input.merchantCity, 15)) +
    field('62', field('05', input.txid.slice(0, 25)));
  const withCrcId = `${body}6304`;
  return withCrcId + crc16(withCrcId);
}
