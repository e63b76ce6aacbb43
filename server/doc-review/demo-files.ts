/**
 * The bytes of the demo review files: a small PNG scan rendered by sharp and a one-page PDF. Both
 * are real files of their type, so the preview shows them as an operator would see uploads.
 */
import sharp from 'sharp';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function demoPng(caption: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320">
  <rect width="480" height="320" fill="#f7f9fc"/>
  <rect x="16" y="16" width="448" height="288" fill="#fff" stroke="#2a6bfd" stroke-width="4"/>
  <rect x="40" y="48" width="220" height="20" fill="#2a6bfd"/>
  <rect x="40" y="96" width="400" height="10" fill="#c9d3e3"/><rect x="40" y="124" width="360" height="10" fill="#c9d3e3"/>
  <rect x="40" y="152" width="380" height="10" fill="#c9d3e3"/><circle cx="392" cy="240" r="36" fill="none" stroke="#e5484d" stroke-width="6"/>
  <text x="40" y="250" font-family="sans-serif" font-size="22" fill="#1f2937">${escapeXml(caption)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A valid single-page PDF (A5) showing one line of ASCII text in Helvetica. */
export function demoPdf(caption: string): Buffer {
  const text = caption.replace(/[^\x20-\x7e]/g, '?').replace(/([()\\])/g, '\\$1');
  const stream = `BT /F1 20 Tf 48 480 Td (${text}) Tj ET\n0.16 0.42 0.99 RG 4 w 36 36 347 523 re S\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 419 595] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
