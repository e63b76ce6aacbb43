import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '../../../src/crud/column-settings');
const DIALOG = 'ColumnSettingsDialog.tsx';

/** Static imports (`import ... from 'x'` and `export ... from 'x'`), not `import('x')`. */
const staticImports = (source: string): string[] => [...source.matchAll(/^\s*(?:import|export)\b[^;(]*?from\s+'([^']+)'/gm)].map((m) => m[1]);

describe('column settings bundle (the /op first-load budget)', () => {
  it('reaches @dnd-kit and the dialog only through the lazy import', () => {
    const files = readdirSync(dir).filter((file) => /\.tsx?$/.test(file) && file !== DIALOG);
    expect(files).toContain('use-column-settings.tsx');
    for (const file of files) {
      const imports = staticImports(readFileSync(join(dir, file), 'utf8'));
      expect(
        imports.filter((spec) => spec.startsWith('@dnd-kit') || spec.includes('ColumnSettingsDialog')),
        file,
      ).toEqual([]);
    }
    expect(readFileSync(join(dir, 'use-column-settings.tsx'), 'utf8')).toContain("import('./ColumnSettingsDialog')");
    expect(staticImports(readFileSync(join(dir, DIALOG), 'utf8'))).toEqual(expect.arrayContaining(['@dnd-kit/core', '@dnd-kit/sortable']));
  });
});
