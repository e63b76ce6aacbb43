/**
 * The file service and the global-config calls over real HTTP: uploads are sniffed and bounded and a
 * refusal stores nothing; snapshots are real images of the sizes' widths; previews come with safe
 * headers; the GETs that <img> tags load need a view grant, and the public preview serves only public
 * files; the global config reads the seeded parameters and follows their edits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import ExcelJS from 'exceljs';
import { CONFIG_KEY } from '../../src/lib/codes';
import { UPLOAD_LIMIT_CONFIG_KEY } from '../../src/lib/upload-limit';
import { FILE_CALLS, THUMBNAIL_WIDTHS, previewPath, publicPreviewPath, snapshotPath, type FileGrants } from '../../src/lib/files';
import { GLOBAL_CONFIG_PATHS } from '../../src/protocol/api-types';
import { API_BASE } from '../../src/protocol/canonical';
import { storedFiles, sysConfigs } from '../../server/db/schema';
import { BUILTIN_FILES } from '../../server/db/seed-data/brand';
import { ApiClient, signInAs, type ApiResponse } from './client';
import { captureLog, startServer, type TestServer } from './server';

/** Above the server's 1 MB JSON body limit, which must not cap uploads. */
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const CONFIGS = '/op/v1/sys/configs';

interface FileInfo {
  id: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
}

let srv: TestServer;
let admin: ApiClient;
let handler: ApiClient;
let auditor: ApiClient;
const serverLog = captureLog();

beforeAll(async () => {
  // Private: it reads everything its server logs and changes the logo and favicon parameters.
  srv = await startServer({ logger: { level: 'trace', stream: serverLog.stream } });
  // The limit is the sys config (seeded 10 MB); 2 MB keeps the oversize file small.
  await srv.database.db
    .update(sysConfigs)
    .set({ configValue: String(MAX_UPLOAD_BYTES / 1024 / 1024) })
    .where(eq(sysConfigs.configKey, UPLOAD_LIMIT_CONFIG_KEY));
  [admin, handler, auditor] = await Promise.all(['op_admin', 'op_handler', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(() => srv.close());

const filesDir = () => join(srv.filesDir, 'files');
/** Stored files on disk: everything but the snapshot cache. */
const storedOnDisk = () =>
  readdirSync(filesDir())
    .filter((name) => name !== 'snapshots')
    .sort();
const rowCount = async () => (await srv.database.db.select({ n: count() }).from(storedFiles))[0].n;

function formWith(content: Buffer | string, fileName: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fileName);
  return form;
}

const upload = (client: ApiClient, content: Buffer | string, fileName: string) => client.upload<FileInfo>(FILE_CALLS.upload, formWith(content, fileName));

function uploaded(answer: ApiResponse<FileInfo>): FileInfo {
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data!;
}

async function grantsFor(client: ApiClient, ids: string[]): Promise<Record<string, string>> {
  const answer = await client.call<FileGrants>(FILE_CALLS.grants, { json: { pkFiles: ids } });
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data!.grants;
}

const get = (path: string) => fetch(`${srv.baseUrl}${API_BASE}${path}`);

const bigPng = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6bfd' } })
    .png()
    .toBuffer();
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

async function xlsxBuffer(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('数据').addRow(['编号', '金额']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('uploading', () => {
  let png: FileInfo;
  let pdf: FileInfo;

  it('stores a PNG, a PDF and an .xlsx under DATA_DIR/files with their sniffed type, size and sha256', async () => {
    const pngBytes = await bigPng();
    png = uploaded(await upload(handler, pngBytes, '现场照片.png'));
    expect(png).toMatchObject({ fileName: '现场照片.png', mimeType: 'image/png', size: pngBytes.length });
    pdf = uploaded(await upload(handler, PDF, '合同 (2026).pdf'));
    expect(pdf.mimeType).toBe('application/pdf');
    const noise = await sharp({ create: { width: 800, height: 700, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    expect(uploaded(await upload(handler, noise, 'scan.png')).size).toBe(noise.length);
    const xlsx = uploaded(await upload(admin, await xlsxBuffer(), '清单.xlsx'));
    expect(xlsx.mimeType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(storedOnDisk()).toEqual(expect.arrayContaining([png.id, pdf.id, xlsx.id]));
    const { createHash } = await import('node:crypto');
    expect(png.sha256).toBe(createHash('sha256').update(pngBytes).digest('hex'));
  });

  it('refuses a type off the list, a disguised file and an oversize one with a clear message, storing nothing', async () => {
    const diskBefore = storedOnDisk();
    const rowsBefore = await rowCount();
    const refusals = [
      await upload(handler, Buffer.from('MZ\x90\x00 this is a program', 'latin1'), 'tool.exe'),
      // HTML named .png: the bytes decide, not the name
      await upload(handler, '<html><script>alert(1)</script></html>', 'photo.png'),
      // a real PNG named .pdf: the name must agree with the bytes
      await upload(handler, await bigPng(), 'contract.pdf'),
      // a plain ZIP is not an Office document
      await upload(handler, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]), 'report.xlsx'),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 'FILE_TYPE_REFUSED' });
      expect(answer.body.message).toMatch(/^不支持的文件类型，仅可上传 png、jpg、jpeg/);
    }
    const oversize = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const tooLarge = await upload(handler, oversize, 'huge.png');
    expect(tooLarge.body).toEqual({ code: 'FILE_TOO_LARGE', message: '文件过大，单个文件不能超过 2 MB' });
    const brokenPng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really an image')]);
    expect((await upload(handler, brokenPng, 'broken.png')).body).toEqual({ code: 'FILE_IMAGE_UNREADABLE', message: '图片已损坏或无法识别，请重新选择文件' });
    const empty = await handler.upload(FILE_CALLS.upload, new FormData());
    expect(empty.body.code).toBe('FILE_MISSING');

    expect(storedOnDisk()).toEqual(diskBefore);
    expect(readdirSync(filesDir()).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('answers the mime type of each known file, leaving out unknown ids', async () => {
    const answer = await auditor.call<Record<string, string>>(FILE_CALLS.mimetype, { json: { pkFiles: [png.id, pdf.id, 'no-such-file'] } });
    expect(answer.body).toMatchObject({ code: '0', data: { [png.id]: 'image/png', [pdf.id]: 'application/pdf' } });
    expect(Object.keys(answer.body.data!)).toHaveLength(2);
    const invalid = await auditor.call(FILE_CALLS.mimetype, { json: { pkFiles: 'x' } });
    expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED', message: '文件必须是 1 到 500 个记录 id 的列表' });
  });

  it('serves snapshots of four sizes as real images of the sizes widths, cached on disk', async () => {
    const grants = await grantsFor(auditor, [png.id]);
    for (const [type, width] of [...Object.entries(THUMBNAIL_WIDTHS), ['ORIGINAL', 1600]] as const) {
      const response = await get(snapshotPath(png.id, type as keyof typeof THUMBNAIL_WIDTHS, grants[png.id]));
      expect(response.status, type).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect({ type, format: meta.format, width: meta.width }).toEqual({ type, format: 'png', width });
    }
    expect(existsSync(join(filesDir(), 'snapshots', `${png.id}-SMALL`))).toBe(true);
    expect(existsSync(join(filesDir(), 'snapshots', `${png.id}-ORIGINAL`))).toBe(false);
    // a PDF has no snapshot, and the size must be one of the four
    const pdfGrant = (await grantsFor(auditor, [pdf.id]))[pdf.id];
    expect((await get(snapshotPath(pdf.id, 'SMALL', pdfGrant))).status).toBe(404);
    expect((await get(snapshotPath(png.id, 'HUGE' as 'SMALL', grants[png.id]))).status).toBe(404);
  });

  it('previews a PDF inline under its type, with a safe file name and nosniff', async () => {
    const grant = (await grantsFor(admin, [pdf.id]))[pdf.id];
    const response = await get(previewPath(pdf.id, grant));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="____2026_.pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C%20%282026%29.pdf`);
    expect(await response.text()).toBe(PDF);
  });

  it('refuses the file GETs without a grant, with a forged or another files grant (403 saying so), and after the user signs out', async () => {
    const grants = await grantsFor(handler, [png.id, pdf.id]);
    const grantRefused = async (path: string) => {
      const answer = await get(path);
      expect(answer.status).toBe(403);
      expect(JSON.parse(await answer.text())).toEqual({ code: 'FILE_GRANT_INVALID', message: '文件访问授权无效或已过期，请刷新页面后重试' });
    };
    await grantRefused(`/op/v1/files/${pdf.id}/preview`);
    await grantRefused(previewPath(pdf.id, grants[png.id]));
    const [expiry, userId, mac] = grants[pdf.id].split('.');
    await grantRefused(previewPath(pdf.id, `${expiry}.u-op-admin.${mac}`));
    await grantRefused(previewPath(pdf.id, `${Number(expiry) + 60_000}.${userId}.${mac}`));
    await grantRefused(snapshotPath(png.id, 'SMALL', `${expiry}.${userId}.${mac.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`));

    const leaver = await signInAs(srv.baseUrl, 'op_director2');
    const grant = (await grantsFor(leaver, [pdf.id]))[pdf.id];
    expect((await get(previewPath(pdf.id, grant))).status).toBe(200);
    expect((await leaver.call('/uaa/logout')).body.code).toBe('0');
    expect((await get(previewPath(pdf.id, grant))).status).toBe(401);
  });

  it('keeps grants out of the log', () => {
    expect(serverLog.text()).toContain('/preview');
    expect(serverLog.text()).not.toContain('grant=');
  });
});

describe('refusing uploads the protocol does not allow', () => {
  it('needs a signed request, a live session, the CSRF token and the upload permission', async () => {
    const rowsBefore = await rowCount();
    const png = await bigPng();
    const unsigned = await fetch(`${srv.baseUrl}${API_BASE}${FILE_CALLS.upload}`, { method: 'POST', body: formWith(png, 'a.png') });
    expect(unsigned.status).toBe(400);
    const anonymous = await new ApiClient(srv.baseUrl).init();
    expect((await anonymous.upload(FILE_CALLS.upload, formWith(png, 'a.png'))).status).toBe(401);
    const forged = await handler.upload(FILE_CALLS.upload, formWith(png, 'a.png'), {
      tamper: (request) => void (request.headers['X-Sign'] = '0'.repeat(32)),
    });
    expect(forged.body.code).toBe('SIGN_INVALID');
    expect((await handler.upload(FILE_CALLS.upload, formWith(png, 'a.png'), { withoutCsrf: true })).body.code).toBe('CSRF_INVALID');
    expect((await auditor.upload(FILE_CALLS.upload, formWith(png, 'a.png'))).body.code).toBe('FORBIDDEN');
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('accepts multipart on the upload route only', async () => {
    const answer = await admin.upload(FILE_CALLS.mimetype, formWith(PDF, 'a.pdf'));
    expect(answer.status).toBe(415);
  });

  it('needs a session for the mime types and the grants', async () => {
    const anonymous = await new ApiClient(srv.baseUrl).init();
    expect((await anonymous.call(FILE_CALLS.mimetype, { json: { pkFiles: ['x'] } })).status).toBe(401);
    expect((await anonymous.call(FILE_CALLS.grants, { json: { pkFiles: ['x'] } })).status).toBe(401);
  });
});

describe('the public preview', () => {
  it('serves the seeded logo and favicon as real PNGs without a session', async () => {
    for (const builtin of Object.values(BUILTIN_FILES)) {
      const response = await get(publicPreviewPath(builtin.id));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'png', width: builtin.size, height: builtin.size });
    }
  });

  it('refuses a private upload as if it did not exist, until the config names it as the logo', async () => {
    const picture = uploaded(await upload(admin, await bigPng(), 'new-logo.png'));
    const document = uploaded(await upload(admin, PDF, 'secret.pdf'));
    expect((await get(publicPreviewPath(picture.id))).status).toBe(404);
    expect((await get(publicPreviewPath(document.id))).status).toBe(404);
    expect((await get(publicPreviewPath('../../etc/passwd'))).status).toBe(404);

    await setConfig(CONFIG_KEY.logoFileId, picture.id);
    expect((await get(publicPreviewPath(picture.id))).status).toBe(200);
    // naming a document as the logo does not publish it
    await setConfig(CONFIG_KEY.faviconFileId, document.id);
    expect((await get(publicPreviewPath(document.id))).status).toBe(404);
    // the built-ins stay public when no longer named
    expect((await get(publicPreviewPath(BUILTIN_FILES.logo.id))).status).toBe(200);
    await setConfig(CONFIG_KEY.logoFileId, BUILTIN_FILES.logo.id);
    await setConfig(CONFIG_KEY.faviconFileId, BUILTIN_FILES.favicon.id);
    expect((await get(publicPreviewPath(picture.id))).status).toBe(404);
  });
});

async function setConfig(configKey: string, configValue: string): Promise<void> {
  const answer = await admin.call(`${CONFIGS}/update-value-by-config-key`, { json: { configKey, configValue } });
  expect(answer.body.code, answer.text).toBe('0');
}

describe('global config (spec §3, §7)', () => {
  let approvedProducts: unknown[] = [];
  it('answers the seeded theme colour, short name, products, logo and favicon to any signed-in user', async () => {
    const platform = await auditor.call(GLOBAL_CONFIG_PATHS.platform);
    expect(platform.body).toMatchObject({ code: '0', data: { themeColor: '#2a6bfd', opshort: '运营管理' } });
    const products = await auditor.call<{ sysPrdModelVOList: unknown[] }>(GLOBAL_CONFIG_PATHS.products);
    // The configured products first, then the approved products of the products area (the demo seeds some).
    const list = products.body.data!.sysPrdModelVOList;
    expect(list.slice(0, 3)).toEqual([
      { prdCode: 'CREDIT_NOTE', extAttrMap: { prdName: '信用凭证', prdShortName: '凭证' } },
      { prdCode: 'AR_FINANCING', extAttrMap: { prdName: '应收账款融资', prdShortName: '应收融资' } },
      { prdCode: 'REVERSE_FACTORING', extAttrMap: { prdName: '反向保理', prdShortName: '反保' } },
    ]);
    approvedProducts = list.slice(3);
    expect(approvedProducts.length).toBeGreaterThan(0);
    const nav = await handler.call(GLOBAL_CONFIG_PATHS.navView);
    expect(nav.body).toMatchObject({ code: '0', data: { logoFileId: BUILTIN_FILES.logo.id, faviconFileId: BUILTIN_FILES.favicon.id } });
  });

  it('follows an operator edit of the parameters', async () => {
    await setConfig(CONFIG_KEY.opShort, '供应链运营');
    await setConfig(CONFIG_KEY.products, JSON.stringify([{ prdCode: 'BILL', prdName: '票据' }]));
    expect((await handler.call(GLOBAL_CONFIG_PATHS.platform)).body.data).toEqual({ themeColor: '#2a6bfd', opshort: '供应链运营' });
    expect((await handler.call(GLOBAL_CONFIG_PATHS.products)).body.data).toEqual({
      sysPrdModelVOList: [{ prdCode: 'BILL', extAttrMap: { prdName: '票据' } }, ...approvedProducts],
    });
  });

  it('refuses a products value the call could not read, on both ways of editing it, and keeps the old one', async () => {
    const byKey = (configValue: string) => admin.call(`${CONFIGS}/update-value-by-config-key`, { json: { configKey: CONFIG_KEY.products, configValue } });
    expect((await byKey('{not json')).body).toEqual({ code: 'CONFIG_NOT_JSON', message: `参数值不是合法的 JSON：${CONFIG_KEY.products}` });
    expect((await byKey('[{"prdName":"无编码"}]')).body.code).toBe('CONFIG_INVALID');
    const record = (await admin.call<Record<string, unknown>>(`${CONFIGS}/find-by-config-key`, { json: { configKey: CONFIG_KEY.products } })).body.data!;
    const byId = await admin.call(`${CONFIGS}/update-by-id`, { json: { ...record, configValue: '{"prdCode":"X"}' } });
    expect(byId.body.code).toBe('CONFIG_INVALID');
    expect((await handler.call(GLOBAL_CONFIG_PATHS.products)).body.data).toEqual({
      sysPrdModelVOList: [{ prdCode: 'BILL', extAttrMap: { prdName: '票据' } }, ...approvedProducts],
    });
  });

  it('names the parameter when a stored products value cannot be read', async () => {
    await srv.database.db.update(sysConfigs).set({ configValue: '{not json' }).where(eq(sysConfigs.configKey, CONFIG_KEY.products));
    expect((await handler.call(GLOBAL_CONFIG_PATHS.products)).body).toMatchObject({
      code: 'CONFIG_NOT_JSON',
      message: `参数值不是合法的 JSON：${CONFIG_KEY.products}`,
    });
  });

  it('needs a signed-in session', async () => {
    const anonymous = await new ApiClient(srv.baseUrl).init();
    for (const path of Object.values(GLOBAL_CONFIG_PATHS)) expect((await anonymous.call(path)).status).toBe(401);
  });
});
