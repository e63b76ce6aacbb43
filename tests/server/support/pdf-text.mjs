// Prints the text of every page of the PDF given on stdin, as pdf.js reads it (what a viewer would
// show, copy or search). Run in a process of its own: a test server loads drizzle-kit, which adds an
// enumerable Array.prototype.random that pdf.js refuses to run beside.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
let text = '';
for (let n = 1; n <= pdf.numPages; n += 1) {
  const content = await (await pdf.getPage(n)).getTextContent();
  text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
}
process.stdout.write(JSON.stringify({ pages: pdf.numPages, text }));
