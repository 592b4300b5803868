import { crc32, deflateSync } from 'node:zlib';

/**
 * The demo's media, made in code (no binary files in the repository): small but valid PNG images and a one-page PDF,
 * so the demo's conversations show a picture and a document that open like any customer's.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgb = [number, number, number];

/** A width × height RGB PNG whose pixels `paint(x, y)` gives. */
export function png(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y += 1) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = paint(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolor
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb;

/** A parcel on a table, its corner dented: what a customer photographs when a delivery arrives damaged. */
export function parcelPhoto(): Buffer {
  const W = 320;
  const H = 240;
  return png(W, H, (x, y) => {
    const inBox = x > 90 && x < 250 && y > 70 && y < 200;
    const dent = (x - 235) ** 2 + (y - 85) ** 2 < 22 ** 2;
    if (inBox && dent) return [120, 84, 48];
    if (inBox && Math.abs(x - 170) < 6) return [214, 196, 150]; // the tape
    if (inBox) return mix([196, 148, 96], [168, 120, 72], (y - 70) / 130);
    if (y > 190) return mix([150, 110, 80], [110, 78, 56], (y - 190) / 50); // the table
    return mix([232, 238, 244], [196, 210, 224], y / 190); // the wall
  });
}

/** The product catalogue's cover: a header band and three product cards. */
export function catalogueCover(): Buffer {
  const W = 300;
  const H = 200;
  const cards: Rgb[] = [
    [0, 168, 107],
    [124, 77, 255],
    [249, 168, 37],
  ];
  return png(W, H, (x, y) => {
    if (y < 44) return [33, 33, 33];
    const i = Math.floor((x - 15) / 95);
    const inCard = i >= 0 && i < 3 && (x - 15) % 95 < 80 && y > 64 && y < 184;
    if (inCard) return y < 140 ? cards[i] : [250, 250, 250];
    return [238, 238, 238];
  });
}

/** A one-page PDF (PDF 1.4, Helvetica) with the given lines of ASCII text; offsets computed, so readers open it. */
export function pdf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 56 ${770 - i * 24} Td (${escape(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
