/**
 * The exports' streaming .xlsx writer (server/exports/xlsx-stream.ts), read back by another reader
 * (ExcelJS's): the sheet's name, the bold header, the column widths and formats, every cell's value and
 * type (text stays text: the amounts are the decimal strings the server reads, never floats), characters
 * XML must escape or cannot carry, and a sheet of many pieces whole and in order.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { XlsxStreamWriter, type XlsxColumn } from '../../server/exports/xlsx-stream';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COLUMNS: XlsxColumn[] = [
  { header: '流水号', width: 12 },
  { header: '发生金额', width: 15 },
  { header: '笔数', width: 12 },
  { header: '发生时间', width: 22, numFmt: 'yyyy-mm-dd hh:mm:ss' },
  { header: '到期日', width: 12, numFmt: 'yyyy-mm-dd' },
  { header: '备注', width: 30 },
];

async function written(name: string, sheetName: string, columns: XlsxColumn[], batches: unknown[][][]): Promise<{ path: string; rows: number }> {
  const path = join(dir, name);
  const writer = await XlsxStreamWriter.open(path, sheetName, columns);
  for (const batch of batches) await writer.addRows(batch);
  await writer.finish();
  return { path, rows: writer.rowCount };
}

async function readBack(path: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

describe('the streaming xlsx writer', () => {
  it('writes a sheet another reader reads back: name, bold header, widths, formats, values and their types', async () => {
    const at = new Date('2026-03-04T05:06:07.000Z');
    const { path, rows } = await written('kinds.xlsx', '额度流水', COLUMNS, [
      [
        ['1024', '-1234.50', 7, at, '2026-03-31', ' 前后有空格 '],
        ['1023', '0.01', 0, null, null, 'a < b & c > "d" \u0001\u0008\u000b 制表\t换行\n'],
      ],
      [['1022', '99999999999.99', -3.25, undefined, '2026-01-01', true]],
    ]);
    expect(rows).toBe(3);
    const sheet = await readBack(path);
    expect(sheet.name).toBe('额度流水');
    expect(sheet.rowCount).toBe(4);
    expect(COLUMNS.map((_, i) => sheet.getColumn(i + 1).width)).toEqual(COLUMNS.map((c) => c.width));
    expect(sheet.getColumn(4).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getColumn(5).numFmt).toBe('yyyy-mm-dd');

    const header = sheet.getRow(1);
    expect(COLUMNS.map((_, i) => header.getCell(i + 1).value)).toEqual(COLUMNS.map((c) => c.header));
    expect(COLUMNS.map((_, i) => header.getCell(i + 1).font?.bold)).toEqual(COLUMNS.map(() => true));

    const cells = (n: number) => COLUMNS.map((_, i) => sheet.getRow(n).getCell(i + 1));
    // Text stays text (an amount is the decimal string as read, to the fen); numbers are numbers; a date is a date in its column's format.
    expect(cells(2).map((c) => c.value)).toEqual(['1024', '-1234.50', 7, at, '2026-03-31', ' 前后有空格 ']);
    expect(cells(2).map((c) => c.type)).toEqual([
      ExcelJS.ValueType.String,
      ExcelJS.ValueType.String,
      ExcelJS.ValueType.Number,
      ExcelJS.ValueType.Date,
      ExcelJS.ValueType.String,
      ExcelJS.ValueType.String,
    ]);
    expect(cells(2)[3].numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // Absent values write no cell; markup is escaped; characters XML cannot carry are dropped (tab and line feed kept).
    expect(cells(3).map((c) => c.value)).toEqual(['1023', '0.01', 0, null, null, 'a < b & c > "d"  制表\t换行\n']);
    expect(cells(4).map((c) => c.value)).toEqual(['1022', '99999999999.99', -3.25, null, '2026-01-01', true]);
    expect(cells(4)[5].type).toBe(ExcelJS.ValueType.Boolean);
  });

  it('is the minimal package: its six parts, the sheet deflated', () => {
    const parts = unzipSync(readFileSync(join(dir, 'kinds.xlsx')));
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('<c r="B2" t="inlineStr"><is><t>-1234.50</t></is></c>');
    expect(sheet).toContain('<t xml:space="preserve"> 前后有空格 </t>');
  });

  it('keeps a sheet of many pieces whole and in order, and names a sheet as Excel allows', async () => {
    const batch = (from: number) => Array.from({ length: 5_000 }, (_, i) => [String(from + i), `${from + i}.${String(i % 100).padStart(2, '0')}`, i]);
    const { path, rows } = await written('many.xlsx', '一个超过三十一个字符的表名：含有冒号与斜杠/以及问号?和星号*还有方括号[]', COLUMNS.slice(0, 3), [
      batch(0),
      [],
      batch(5_000),
      batch(10_000),
    ]);
    expect(rows).toBe(15_000);
    // Deflated: far smaller than its XML (about 80 bytes a row).
    expect(statSync(path).size).toBeLessThan(15_000 * 20);
    const sheet = await readBack(path);
    // Cut to 31 characters; : / ? * [ ] are not allowed (the full-width ： is).
    expect(sheet.name).toBe('一个超过三十一个字符的表名：含有冒号与斜杠 以及问号 和星号 ');
    expect(sheet.rowCount).toBe(15_001);
    const ids: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) ids.push(String(row.getCell(1).value));
    });
    expect(ids).toEqual(Array.from({ length: 15_000 }, (_, i) => String(i)));
    expect(sheet.getRow(15_001).getCell(2).value).toBe('14999.99');
  });

  it('stops at a failing file: the error reaches the caller', async () => {
    await expect(written(join('no-such-folder', 'x.xlsx'), 'x', COLUMNS, [[['1', '2.00', 3]]])).rejects.toThrow(/ENOENT/);
  });
});
