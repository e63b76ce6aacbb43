/** Types of scripts/test-chromium.mjs: the Chromium the end-to-end tests and benchmarks launch. */
export declare const SYSTEM_CHROMIUM: string;

export interface TestChromium {
  /** CHROME_PATH, the system's /usr/bin/chromium, or the one npm installed (@sparticuz/chromium). */
  source: 'CHROME_PATH' | 'system' | 'npm';
  executablePath: string;
  /** Flags this browser needs besides the caller's own. */
  args: string[];
  /** Environment this browser needs besides the caller's (the npm one: its own fontconfig file). */
  env: Record<string, string>;
  /** One line for the run's log: which browser, from where. */
  description: string;
}

export declare function testChromium(): Promise<TestChromium>;
