// The Chromium the end-to-end tests (and the benchmarks) drive, chosen here and nowhere else:
//
//   1. CHROME_PATH, when set (it must be an executable: a wrong path is an error, not a fallback);
//   2. the system's /usr/bin/chromium (Debian's package, as CI installs it), unless
//      SKIP_SYSTEM_CHROMIUM=1 sets it aside;
//   3. otherwise the Chromium npm installed as a dev dependency (@sparticuz/chromium: a brotli-packed
//      headless shell, no apt and no download), extracted once per version into
//      node_modules/.cache/test-chromium/<version>/.
//
// So `npm ci && npm test` needs nothing but Node. The npm Chromium reads no system font
// configuration: it gets a fontconfig file of its own naming Open Sans (shipped with it) and Noto
// Sans Hans (@embedpdf/fonts-sc, OFL), so Chinese text in screenshots is never tofu, whatever the
// machine has installed.
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

// Some packages export no package.json; the dev dependencies sit in the project's own node_modules.
const packageDir = (name) => join(root, 'node_modules', name);
const versionOf = (name) => JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')).version;

/** Extracts the npm Chromium once per version; a half-done extraction is never taken for a done one. */
async function npmChromium() {
  const version = versionOf('@sparticuz/chromium');
  const cache = join(root, 'node_modules', '.cache', 'test-chromium');
  const dir = join(cache, version);
  const binary = join(dir, 'chromium');
  if (!existsSync(binary)) {
    // @sparticuz/chromium extracts into os.tmpdir(), which follows TMPDIR: a folder of this process,
    // renamed into place when complete, so a parallel run never starts a half-written binary.
    const staging = join(cache, `staging-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    try {
      const { default: chromium } = await import('@sparticuz/chromium');
      await chromium.executablePath();
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another run finished first: keep its copy.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(binary)) throw error;
    }
  }
  const fontsConf = join(dir, 'test-fonts.conf');
  const cjkFonts = join(packageDir('@embedpdf/fonts-sc'), 'fonts');
  writeFileSync(
    fontsConf,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${join(dir, 'fonts')}</dir>
  <dir>${cjkFonts}</dir>
  <cachedir>${join(dir, 'fontconfig-cache')}</cachedir>
  <alias><family>sans-serif</family><prefer><family>Open Sans</family><family>Noto Sans Hans</family></prefer></alias>
  <alias><family>serif</family><prefer><family>Open Sans</family><family>Noto Sans Hans</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>Open Sans</family><family>Noto Sans Hans</family></prefer></alias>
</fontconfig>
`,
  );
  return {
    source: 'npm',
    executablePath: binary,
    // --no-zygote: the packed headless shell is built to run without the zygote (as on AWS Lambda).
    args: ['--no-zygote'],
    env: { FONTCONFIG_FILE: fontsConf },
    description: `npm Chromium (@sparticuz/chromium ${version}, ${binary}) with fonts Open Sans and Noto Sans Hans (@embedpdf/fonts-sc ${versionOf('@embedpdf/fonts-sc')})`,
  };
}

/**
 * The browser to launch: `{source: 'CHROME_PATH' | 'system' | 'npm', executablePath, args, env, description}`;
 * `args` and `env` are added to the caller's own.
 */
export async function testChromium() {
  const chosen = process.env.CHROME_PATH;
  if (chosen) {
    if (!executable(chosen)) throw new Error(`CHROME_PATH=${chosen} is not an executable file`);
    return { source: 'CHROME_PATH', executablePath: chosen, args: [], env: {}, description: `CHROME_PATH ${chosen}` };
  }
  if (process.env.SKIP_SYSTEM_CHROMIUM !== '1' && executable(SYSTEM_CHROMIUM)) {
    return { source: 'system', executablePath: SYSTEM_CHROMIUM, args: [], env: {}, description: `system Chromium ${SYSTEM_CHROMIUM}` };
  }
  return npmChromium();
}

// `node scripts/test-chromium.mjs` says which one a test run would use (and extracts it if needed).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const browser = await testChromium();
  console.log(browser.description);
}
