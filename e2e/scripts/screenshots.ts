// `npm run screenshots`: every page of the portal and its main dialogs (test/support/tour.ts), signed
// in as admin over a little data made through the API, photographed at 1280×800 and 390×844 into
// e2e/screenshots/ (not committed). Look at them before a UI change lands. It builds nothing: run
// `npm run build` first; the server is started as the browser suite starts it (global-setup.ts,
// DATABASE_URL honoured) and stopped at the end.
import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP, launchBrowser, newPage, PHONE, signIn } from '../test/support/browser';
import { REPO_ROOT } from '../test/support/env';
import globalSetup from '../test/support/global-setup';
import globalTeardown from '../test/support/global-teardown';
import { seedTour, STOPS } from '../test/support/tour';

const OUT = path.join(REPO_ROOT, 'e2e', 'screenshots');

async function main(): Promise<number> {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  await globalSetup();
  const browser = await launchBrowser();
  const failed: string[] = [];
  let saved = 0;
  try {
    const data = await seedTour();
    for (const [size, viewport] of [
      ['1280x800', DESKTOP],
      ['390x844', PHONE],
    ] as const) {
      const { page, log } = await newPage(browser, viewport);
      await signIn(page);
      for (const stop of STOPS) {
        try {
          await stop.visit(page, data);
          await page.screenshot({ path: path.join(OUT, `${stop.slug}-${size}.png`), fullPage: true });
          saved += 1;
        } catch (error) {
          failed.push(`${stop.title} (${size}): ${(error as Error).message.split('\n')[0]}`);
          await page.screenshot({ path: path.join(OUT, `${stop.slug}-${size}-ERROR.png`) }).catch(() => undefined);
        }
      }
      if (log.errors.length) console.warn(`Errores en la consola del navegador (${size}):\n  ${log.errors.join('\n  ')}`);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await globalTeardown();
  }
  console.log(`${saved} capturas en ${OUT}`);
  if (failed.length) console.error(`No se pudieron capturar:\n  ${failed.join('\n  ')}`);
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
