// Independent deployment (ARCHITECTURE.md, "Module Federation contract"): change a visible text in one remote's source, build
// ONLY that remote (`npm run build -w mf-stock`), reload — the new text shows, and every file of
// the shell's build is byte-identical. The source is restored and the remote rebuilt afterwards.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { baseUrl, REPO_ROOT } from './support/env';
import { areaHeading } from './support/portal';
import { filesUnder, shellHashes } from './support/shell-dist';

const REMOTE = 'mf-stock';
const MARKER = ` (versión ${Date.now().toString(36)})`;

/** The source files of the remote (tests excluded) that contain `text` as a string or JSX text. */
function sourcesWith(text: string): string[] {
  const pattern = new RegExp(`(['"\`>])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(['"\`<])`);
  return filesUnder(path.join(REPO_ROOT, REMOTE, 'src')).filter(
    (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && pattern.test(fs.readFileSync(file, 'utf8')),
  );
}

/** Replaces `from` with `to` where `from` is a whole string or JSX text (in place, only there). */
function replaceText(file: string, from: string, to: string): void {
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(
    file,
    source.replace(new RegExp(`(['"\`>])${escaped}(['"\`<])`, 'g'), (_m, open: string, close: string) => `${open}${to}${close}`),
  );
}

function buildRemote(): void {
  execFileSync('npm', ['run', 'build', '-w', REMOTE], { cwd: REPO_ROOT, stdio: 'pipe', timeout: 600_000 });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('shows a rebuilt remote after a reload while the shell build stays byte-identical', async () => {
  const { page } = await newPage(browser);
  await signIn(page);
  await page.goto(`${baseUrl()}/dashboard/stock`);
  const original = await areaHeading(page);
  const files = sourcesWith(original);
  expect(files.length).toBeGreaterThan(0);

  const before = shellHashes();
  expect(Object.keys(before)).toContain('index.html');
  const changed = `${original}${MARKER}`;
  try {
    for (const file of files) replaceText(file, original, changed);
    buildRemote();

    await page.reload();
    expect(await areaHeading(page)).toBe(changed);
    await screenshot(page, 'independent-deploy-new-text');
    expect(shellHashes()).toEqual(before);
  } finally {
    // Undo only this test's edit (the rest of the file may have changed meanwhile), then rebuild.
    for (const file of files) replaceText(file, changed, original);
    buildRemote();
  }
  await page.reload();
  expect(await areaHeading(page)).toBe(original);
  expect(shellHashes()).toEqual(before);
});
