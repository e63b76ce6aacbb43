/**
 * A minimal ustar archive writer and reader for the backups (regular files only, names under 100
 * bytes): enough for `tar tzf` to list a backup and for db:restore to read it, without a dependency.
 */
const BLOCK = 512;

export interface TarEntry {
  name: string;
  content: Buffer;
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length >= 100) throw new Error(`name too long for the archive: ${name}`);
  const block = Buffer.alloc(BLOCK);
  nameBytes.copy(block, 0);
  block.write(octal(0o644, 8), 100, 'latin1');
  block.write(octal(0, 8), 108, 'latin1');
  block.write(octal(0, 8), 116, 'latin1');
  block.write(octal(size, 12), 124, 'latin1');
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'latin1');
  block.write('        ', 148, 'latin1'); // checksum counted as spaces
  block.write('0', 156, 'latin1');
  block.write('ustar\u000000', 257, 'latin1');
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  block.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export function tarOf(entries: readonly TarEntry[], mtime = Date.now()): Buffer {
  const parts = entries.flatMap((e) => [header(e.name, e.content.length, mtime), e.content, padding(e.content.length)]);
  return Buffer.concat([...parts, Buffer.alloc(BLOCK * 2)]);
}

export function* entriesOf(tar: Buffer): Generator<TarEntry> {
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const block = tar.subarray(at, at + BLOCK);
    if (block.every((b) => b === 0)) return;
    const name = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(block.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8);
    const stored = block
      .subarray(148, 156)
      .toString('latin1')
      .replace(/[\0 ].*$/s, '');
    const sum = Buffer.concat([block.subarray(0, 148), Buffer.from('        ', 'latin1'), block.subarray(156)]).reduce((s, b) => s + b, 0);
    if (parseInt(stored, 8) !== sum) throw new Error(`not a backup archive: bad header at byte ${at}`);
    const start = at + BLOCK;
    if (start + size > tar.length) throw new Error(`not a backup archive: ${name} is cut short`);
    if (block[156] === 0x30 || block[156] === 0) yield { name, content: tar.subarray(start, start + size) };
    at = start + size + ((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
