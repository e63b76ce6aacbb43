/** The upload limit's shared rule, and the browser's refusal saying exactly what the server says. */
import { describe, expect, it } from 'vitest';
import zhFiles from '../../../locales/zh-CN/files.json';
import zhServer from '../../../locales/zh-CN/server.json';
import enFiles from '../../../locales/en-US/files.json';
import enServer from '../../../locales/en-US/server.json';
import { megabytesOf, uploadLimitFromConfig, withinUploadLimit } from '../../../src/lib/upload-limit';

describe('upload limit', () => {
  it('reads a positive number of megabytes from the config and nothing else', () => {
    expect(uploadLimitFromConfig('10')).toBe(10 * 1024 * 1024);
    expect(uploadLimitFromConfig(' 0.5 ')).toBe(512 * 1024);
    for (const bad of ['0', '-1', 'ten', '', '1e3', null, undefined]) expect(uploadLimitFromConfig(bad)).toBeUndefined();
  });

  it('takes the limit itself and refuses one byte more', () => {
    expect(withinUploadLimit(10, 10)).toBe(true);
    expect(withinUploadLimit(11, 10)).toBe(false);
    expect(megabytesOf(10 * 1024 * 1024)).toBe('10');
    expect(megabytesOf(1.25 * 1024 * 1024)).toBe('1.3');
  });

  it('the browser refuses with the server message, in both languages', () => {
    expect(zhFiles.upload.tooLarge).toBe(zhServer.file.tooLarge);
    expect(enFiles.upload.tooLarge).toBe(enServer.file.tooLarge);
  });
});
