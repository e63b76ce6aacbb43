/**
 * A lean streaming .xlsx writer for the exports (issue 42: a 200,000-row ledger within 150 MB of the
 * server's memory). ExcelJS's WorkbookWriter builds a cell object graph per row and its zip stream does
 * not wait for the file (exceljs/exceljs#2916), so a long export left ~200 MB of garbage behind it. Here a
 * row becomes one string of the sheet's XML, deflated piece by piece (by Node's zlib, in a zip laid out by
 * fflate's Zip) straight into the file stream, and the writer waits whenever the file asks it to (backpressure).
 *
 * The package is the least Excel and LibreOffice open: [Content_Types].xml, _rels/.rels, xl/workbook.xml,
 * xl/_rels/workbook.xml.rels, xl/styles.xml and xl/worksheets/sheet1.xml. Cells are typed as ExcelJS typed
 * them: strings as (inline) strings, numbers as numbers, booleans as booleans, dates as date serials in
 * their column's format; the header row is bold.
 */
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { Zip, ZipDeflate, strToU8, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';

export interface XlsxColumn {
  header: string;
  /** Excel's column width, in characters. */
  width: number;
  /** The number format of the column's cells, e.g. 'yyyy-mm-dd' for dates. */
  numFmt?: string;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/**
 * Handed to zlib in pieces of about this many characters, a turn of the event loop after each: at 64K another
 * operator's ledger page p95 during a 200,000-row export was 43-82 ms, at 16K 12-21 ms (ExcelJS: 15-38 ms).
 */
const PIECE_CHARS = 16 * 1024;
/** A date in a column without a format of its own reads as a date and time, as the exports show them. */
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Days between Excel's epoch (1899-12-30, the 1900 date system) and 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;

// Characters XML 1.0 cannot carry (controls other than tab, line feed and carriage return, U+FFFE, U+FFFF)
// are dropped, as ExcelJS drops them; the markup characters are escaped.
// eslint-disable-next-line no-control-regex -- these control characters are exactly what must go
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/;
// eslint-disable-next-line no-control-regex -- as above
const ESCAPED = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (text: string): string => (NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, (c) => ENTITIES[c] ?? '') : text);

/**
 * A moment (milliseconds since 1970, UTC) as Excel's date serial, as a Date cell is written: for rows read as
 * arrays, whose times come as numbers so that no Date is made per row. In a column with a number format the
 * serial is written exactly as the Date would be.
 */
export const excelDateSerial = (epochMs: number): number => EXCEL_EPOCH_DAYS + epochMs / 86_400_000;

/** A (column) letter reference: 0 → A, 25 → Z, 26 → AA. */
const columnLetters = (index: number): string => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

/** Excel refuses a sheet name longer than 31 characters or with any of : \ / ? * [ ]. */
const sheetNameOf = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** One inline string cell; leading or trailing white space is kept (xml:space), as Excel otherwise trims it. */
function stringCell(ref: string, style: string, text: string): string {
  const kept = text.length > 0 && (isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1))) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${kept}>${escapeXml(text)}</t></is></c>`;
}

interface Styles {
  xml: string;
  /** Per column: the style attribute of its cells ('' for none) and of its header cell, and its index for the column itself. */
  cell: string[];
  header: string[];
  column: Array<number | undefined>;
  /** The style of a date in a column without a format. */
  date: string;
}

/**
 * styles.xml: the default style 0, the bold header 1, and for each number format the columns use a plain
 * and a bold style (the header of a date column keeps its column's format, as ExcelJS wrote it).
 */
function stylesOf(columns: readonly XlsxColumn[]): Styles {
  const formats = [...new Set([...columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])), DATE_TIME_FORMAT])];
  const plain = (f: string) => 2 + 2 * formats.indexOf(f);
  const xf = (numFmtId: number, fontId: number) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;
  const xfs = [xf(0, 0), xf(0, 1), ...formats.flatMap((_, i) => [xf(164 + i, 0), xf(164 + i, 1)])];
  const xml =
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="${formats.length}">${formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(f)}"/>`).join('')}</numFmts>` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  return {
    xml,
    cell: columns.map((c) => (c.numFmt ? ` s="${plain(c.numFmt)}"` : '')),
    column: columns.map((c) => (c.numFmt ? plain(c.numFmt) : undefined)),
    header: columns.map((c) => ` s="${c.numFmt ? plain(c.numFmt) + 1 : 1}"`),
    date: ` s="${plain(DATE_TIME_FORMAT)}"`,
  };
}

/** The parts other than the sheet, complete before the first row. */
function fixedParts(sheetName: string, styles: string): Array<[string, string]> {
  const sheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${sheetType}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${sheetType}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${sheetType}.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheetNameOf(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', styles],
  ];
}

/**
 * The sheet's entry in the zip: fflate's Zip lays out the container (local header, data descriptor,
 * central directory), Node's zlib deflates on its thread pool. fflate's own ZipDeflate deflates in
 * JavaScript on the server's one thread: measured, another operator's ledger page waited a second behind
 * it during a 200,000-row export, against milliseconds with ExcelJS, whose zip also deflates with zlib.
 */
class ZlibEntry implements ZipInputFile {
  readonly compression = 8;
  crc = 0;
  size = 0;
  ondata: AsyncFlateStreamHandler = () => undefined;
  readonly deflate = createDeflateRaw({ level: 6 });

  constructor(readonly filename: string) {}

  /**
   * Hands text to zlib; resolves at once, or once zlib has taken what it holds when it is behind. The signal
   * ends the wait when the file fails: its 'drain' would never come.
   */
  async write(text: string, final: boolean, signal: AbortSignal): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    if (final) {
      const ended = once(this.deflate, 'end', { signal });
      this.deflate.end(bytes);
      await ended;
      this.ondata(null, new Uint8Array(0), true);
    } else if (!this.deflate.write(bytes)) await once(this.deflate, 'drain', { signal });
  }

  terminate(): void {
    this.deflate.destroy();
  }
}

/**
 * One sheet written row by row to a file. open() writes the package's fixed parts and the header,
 * addRows() a batch (resolving once the file has taken what it was given), finish() closes the package,
 * abort() closes the file after a failure (the caller removes it).
 */
export class XlsxStreamWriter {
  private readonly letters: string[];
  private readonly styles: Styles;
  private readonly zip: Zip;
  private readonly sheet = new ZlibEntry('xl/worksheets/sheet1.xml');
  private pending = '';
  private rowNumber = 1;
  private failure: Error | undefined;
  private readonly failing = new AbortController();

  private constructor(
    private readonly out: WriteStream,
    private readonly columns: readonly XlsxColumn[],
    sheetName: string,
  ) {
    this.letters = columns.map((_, i) => columnLetters(i));
    this.styles = stylesOf(columns);
    const failed = (error: Error) => {
      this.failure ??= error;
      this.failing.abort(error);
    };
    out.on('error', failed);
    this.sheet.deflate.on('error', failed);
    // The file's backpressure reaches zlib: its output waits while the file is behind, so its input fills and write() waits.
    this.zip = new Zip((error, chunk) => {
      if (error) failed(error);
      else if (!out.write(chunk) && !this.sheet.deflate.isPaused()) {
        this.sheet.deflate.pause();
        out.once('drain', () => this.sheet.deflate.resume());
      }
    });
    for (const [name, text] of fixedParts(sheetName, this.styles.xml)) {
      const part = new ZipDeflate(name);
      this.zip.add(part);
      part.push(strToU8(text), true);
    }
    // Added last, so the zip streams it through instead of holding it until the parts before it end.
    this.zip.add(this.sheet);
    // zlib's chunks are Buffers over plain (never shared) ArrayBuffers, as fflate's typings ask.
    this.sheet.deflate.on('data', (chunk: Buffer) => this.sheet.ondata(null, chunk as Uint8Array<ArrayBuffer>, false));
  }

  static async open(filePath: string, sheetName: string, columns: readonly XlsxColumn[]): Promise<XlsxStreamWriter> {
    const writer = new XlsxStreamWriter(createWriteStream(filePath, { highWaterMark: 256 * 1024 }), columns, sheetName);
    const widths = columns
      .map(
        (c, i) =>
          `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${writer.styles.column[i] === undefined ? '' : ` style="${writer.styles.column[i]}"`}/>`,
      )
      .join('');
    const header = columns.map((c, i) => stringCell(`${writer.letters[i]}1`, writer.styles.header[i], c.header)).join('');
    writer.pending =
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetFormatPr defaultRowHeight="15"/>` +
      (columns.length ? `<cols>${widths}</cols>` : '') +
      `<sheetData><row r="1" s="1" customFormat="1">${header}</row>`;
    await writer.flush();
    return writer;
  }

  /** The XML of one cell; a value that is absent writes no cell. */
  private cell(index: number, value: unknown): string {
    if (value === null || value === undefined) return '';
    const ref = `${this.letters[index]}${this.rowNumber}`;
    const style = this.styles.cell[index];
    switch (typeof value) {
      case 'string':
        return stringCell(ref, style, value);
      case 'number':
        // Excel has no NaN or infinity: such a figure is shown as the text JavaScript gives it.
        return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : stringCell(ref, style, String(value));
      case 'boolean':
        return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
      case 'bigint':
        return stringCell(ref, style, value.toString());
      default:
        if (value instanceof Date) {
          if (Number.isNaN(value.getTime())) return '';
          return `<c r="${ref}"${style || this.styles.date}><v>${excelDateSerial(value.getTime())}</v></c>`;
        }
        // Anything else as its JSON text, as ExcelJS wrote it.
        return stringCell(ref, style, JSON.stringify(value));
    }
  }

  /**
   * Appends rows (one value per column, in the columns' order), taken one at a time from the iterable, so
   * a batch's cells need not exist all at once; resolves once the file has room for more.
   */
  async addRows(rows: Iterable<readonly unknown[]>): Promise<void> {
    for (const values of rows) {
      this.rowNumber += 1;
      let xml = `<row r="${this.rowNumber}">`;
      for (let i = 0; i < this.columns.length; i++) xml += this.cell(i, values[i]);
      this.pending += `${xml}</row>`;
      if (this.pending.length >= PIECE_CHARS) await this.flush();
    }
  }

  /** The rows written so far, the header not counted. */
  get rowCount(): number {
    return this.rowNumber - 1;
  }

  /** Hands what is pending to zlib, waiting while it (and so the file) is behind. */
  private async flush(final = false): Promise<void> {
    if (this.failure) throw this.failure;
    const text = this.pending;
    this.pending = '';
    try {
      await this.sheet.write(text, final, this.failing.signal);
      // A turn of the event loop between pieces: zlib usually takes a piece at once, and without it a batch's
      // thousands of rows were built in one stretch that other operators' calls waited behind (their p95 3-5x).
      if (!final) await new Promise<void>((resolve) => setImmediate(resolve));
    } catch (error) {
      throw this.failure ?? error;
    }
    if (this.failure) throw this.failure;
  }

  /** Ends the sheet and the package and waits until the file is written and closed. */
  async finish(): Promise<void> {
    this.pending += '</sheetData></worksheet>';
    await this.flush(true);
    this.zip.end();
    this.out.end();
    await finished(this.out);
    if (this.failure) throw this.failure;
  }

  /** Closes the file after a failure, without finishing the package. */
  async abort(): Promise<void> {
    this.zip.terminate();
    if (this.out.closed) return;
    const closed = once(this.out, 'close').catch(() => undefined);
    this.out.destroy();
    await closed;
  }
}
