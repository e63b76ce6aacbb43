/**
 * Active content in a PDF: what a viewer may run or open on its own (script, a launched program, a
 * file carried inside). Such a PDF is refused at upload, as an operator previews documents others
 * sent. The check reads the PDF's names, where every one of these features must be declared
 * (/JavaScript or /JS actions, /Launch actions, /EmbeddedFile(s), /RichMedia), after undoing the two
 * ways a name hides: #xx escapes in the name (/J#61vaScript) and objects packed into compressed
 * (FlateDecode) streams, which are inflated and read too. It does not render the document.
 */
import { inflateSync } from 'node:zlib';

export type PdfActiveFeature = 'javascript' | 'launch' | 'embeddedFile' | 'richMedia';

const ACTIVE_NAMES: Readonly<Record<string, PdfActiveFeature>> = {
  JavaScript: 'javascript',
  JS: 'javascript',
  Launch: 'launch',
  EmbeddedFile: 'embeddedFile',
  EmbeddedFiles: 'embeddedFile',
  RichMedia: 'richMedia',
};

/** A compressed stream may inflate to at most this much: a bomb of zeros is cut, and what fits is still read. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
const MAX_STREAMS = 10_000;

// A PDF name: a slash and regular characters (ISO 32000-1 §7.3.5); delimiters and white space end it.
const NAME = /\/([^\s/[\]<>(){}%]+)/g;

const decodeName = (raw: string) => raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function featuresIn(text: string, found: Set<PdfActiveFeature>): void {
  for (const match of text.matchAll(NAME)) {
    const feature = ACTIVE_NAMES[decodeName(match[1])];
    if (feature) found.add(feature);
  }
}

/** The bodies of the document's streams, inflated where they are compressed (others are read as they are). */
function* inflatedStreams(pdf: Buffer): Generator<string> {
  let from = 0;
  for (let n = 0; n < MAX_STREAMS; n++) {
    const start = pdf.indexOf('stream', from, 'latin1');
    if (start < 0) return;
    let body = start + 'stream'.length;
    if (pdf[body] === 0x0d) body++;
    if (pdf[body] === 0x0a) body++;
    const end = pdf.indexOf('endstream', body, 'latin1');
    if (end < 0) return;
    from = end + 'endstream'.length;
    try {
      yield inflateSync(pdf.subarray(body, end), { maxOutputLength: MAX_INFLATED_BYTES }).toString('latin1');
    } catch {
      // Not a Flate stream (an image, a font), or cut short: its names, if any, were read with the file.
    }
  }
}

/** The active features a PDF declares; empty for a passive document. */
export function pdfActiveFeatures(pdf: Buffer): PdfActiveFeature[] {
  const found = new Set<PdfActiveFeature>();
  featuresIn(pdf.toString('latin1'), found);
  for (const inflated of inflatedStreams(pdf)) featuresIn(inflated, found);
  return [...found];
}
