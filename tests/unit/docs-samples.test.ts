/**
 * Docs that cannot rot (issue 39 item 6): a code block of the README or of docs/ whose fence names a file
 * (```ts file=src/features/warehouse/resources.ts) is compiled as that file of this repository, with the
 * project's compiler settings. Its relative imports are resolved from where it says it lives, so a renamed
 * module or a changed signature fails here, not in a reader's hands. A developer page's TypeScript block
 * must name its file: an uncompiled sample there is refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript-native/bin/tsc');
/** Inside the repository's node_modules, so that a sample's packages (antd, drizzle-orm …) resolve as the app's do. */
const OUT = join(ROOT, 'node_modules/.cache/doc-samples');

interface Sample {
  doc: string;
  line: number;
  lang: string;
  file: string | null;
  code: string;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The TypeScript blocks of a markdown text (a list item's indented ones too), with the file their fence names, if any. */
function samplesOf(doc: string, text: string): Sample[] {
  const samples: Sample[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^( *)```(tsx?)\b(.*)$/.exec(lines[i]);
    if (!open) continue;
    const indent = open[1];
    const end = lines.findIndex((l, j) => j > i && l.startsWith(`${indent}\`\`\``));
    const file = /\bfile=(\S+)/.exec(open[3])?.[1] ?? null;
    const code = lines.slice(i + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l));
    samples.push({ doc, line: i + 1, lang: open[2], file, code: code.join('\n') });
    i = end;
  }
  return samples;
}

/**
 * The sample's relative imports, resolved from the file it names, become absolute: it compiles where it is
 * written. An import of a file another sample of the same page names (a table importing the declaration
 * shown above it) reaches that sample, as it would in the reader's tree.
 */
function anchored(sample: Sample, written: ReadonlyMap<string, string>): string {
  const from = dirname(join(ROOT, sample.file!));
  return sample.code.replace(/(from\s+|import\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\2/g, (_m, lead: string, quote: string, spec: string) => {
    const target = resolve(from, spec);
    const sibling = written.get(`${sample.doc}\0${relative(ROOT, target)}`);
    return `${lead}${quote}${sibling ?? target}${quote}`;
  });
}

/** The compiler settings a file of this path is checked with: the server's, or the app's. */
const configOf = (file: string) => (file.startsWith('server/') || file.startsWith('bench/') ? 'tsconfig.server.json' : 'tsconfig.json');

/** Compiles samples with the settings of the files they name; answers the compiler's report, empty when they compile. */
function compileSamples(samples: Sample[], folder: string): string {
  rmSync(folder, { recursive: true, force: true });
  const reports = ['tsconfig.json', 'tsconfig.server.json'].map((base) => {
    const own = samples.map((sample, n) => ({ sample, n })).filter(({ sample }) => configOf(sample.file!) === base);
    if (own.length === 0) return '';
    // One folder per sample: two samples may name the same file (a before and an after).
    const pathOf = (n: number) => join(folder, String(n), samples[n].file!);
    // The first sample of a page naming a file is what a sibling's import of that file reaches.
    const written = new Map<string, string>();
    samples.forEach((sample, n) => {
      const key = `${sample.doc}\0${sample.file!.replace(/\.tsx?$/, '')}`;
      if (!written.has(key)) written.set(key, pathOf(n).replace(/\.tsx?$/, ''));
    });
    const files = own.map(({ sample, n }) => {
      const path = pathOf(n);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, anchored(sample, written));
      return path;
    });
    const project = join(folder, base);
    writeFileSync(
      project,
      JSON.stringify({
        extends: relative(folder, join(ROOT, base)),
        // A sample shows a declaration others would import: an unused local is not its error.
        compilerOptions: { noUnusedLocals: false, noUnusedParameters: false, noEmit: true },
        files: files.map((f) => relative(folder, f)),
        // The project's own ambient declarations (a package without types), which its sources rely on.
        include: [relative(folder, join(ROOT, 'server/types'))],
        exclude: [],
      }),
    );
    try {
      execFileSync(TSC, ['-p', project], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
      return '';
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      return `${stdout ?? ''}${stderr ?? ''}`.trim() || String(error);
    }
  });
  return reports.filter(Boolean).join('\n');
}

const DOCS = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];
const ALL = DOCS.flatMap((path) => samplesOf(relative(ROOT, path), readFileSync(path, 'utf8')));

describe('the code samples of the docs', () => {
  it('compile as the files they name', () => {
    const named = ALL.filter((s) => s.file);
    expect(named.length).toBeGreaterThan(0);
    const report = compileSamples(named, join(OUT, 'docs'));
    // A failure names the temporary file: its folder number is the sample's index below.
    expect(report, named.map((s, n) => `${n}: ${s.doc}:${s.line} (${s.file})`).join('\n')).toBe('');
  });

  it('leave no TypeScript block of a developer page uncompiled', () => {
    const unnamed = ALL.filter((s) => !s.file && s.doc.startsWith('docs/developers/')).map((s) => `${s.doc}:${s.line}`);
    expect(unnamed).toEqual([]);
  });

  it('fail on a sample that does not compile (the check can fail)', () => {
    const broken: Sample = {
      doc: 'probe',
      line: 1,
      lang: 'ts',
      file: 'src/features/probe/resources.ts',
      code: "import { defineResource } from '../../crud/resource';\nexport const x: number = defineResource;",
    };
    expect(compileSamples([broken], join(OUT, 'probe'))).toMatch(/error TS/);
    const gone: Sample = { ...broken, code: "import { nothing } from '../../crud/no-such-module';\nexport const y = nothing;" };
    expect(compileSamples([gone], join(OUT, 'probe'))).toMatch(/error TS/);
  });
});
