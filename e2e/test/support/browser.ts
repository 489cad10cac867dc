// Chromium from Debian driven by playwright-core, and the steps every browser test shares.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { OidcTestClient } from '../../../api/test/idp/oidc-client';
import { adminPassword, ARTIFACTS, baseUrl } from './env';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium headless; `extraArgs` such as `--lang=en-US` for a browser in another language. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...extraArgs,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export interface PageLog {
  /** Every URL the page requested. */
  requests: string[];
  /** Console errors and uncaught exceptions (failed loads are in `failures` instead). */
  errors: string[];
  /** Answers with status 400 or more: "401 /oidc/interaction/…/login". */
  failures: string[];
}

export interface Viewport {
  width: number;
  height: number;
}

/** The two sizes the portal is tried at: a laptop and a phone. */
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 390, height: 844 };

/** A fresh page (own cookies and storage), 1280×800 unless told, in Spanish (Mexico), with its log. */
export async function newPage(browser: Browser, viewport: Viewport = DESKTOP, locale = 'es-MX'): Promise<{ page: Page; log: PageLog }> {
  const context = await browser.newContext({ viewport, locale, timezoneId: 'America/Mexico_City' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const log: PageLog = { requests: [], errors: [], failures: [] };
  page.on('request', (request) => log.requests.push(request.url()));
  page.on(
    'response',
    (response) => response.status() >= 400 && log.failures.push(`${response.status()} ${new URL(response.url()).pathname}`),
  );
  page.on('pageerror', (error) => log.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) log.errors.push(message.text());
  });
  return { page, log };
}

/** From the portal's "/" through the embedded provider's sign-in page to /dashboard. */
export async function signIn(page: Page, username = 'admin', password = adminPassword()): Promise<void> {
  await page.goto(`${baseUrl()}/`);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(`${baseUrl()}/dashboard`);
}

/** An access token for the API, obtained through the provider as the portal does (no browser). */
export async function apiToken(username = 'admin', password = adminPassword()): Promise<string> {
  const tokens = await new OidcTestClient({ publicUrl: baseUrl() }).signIn(username, password);
  return tokens.access_token;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** The portal's main area (where a remote renders). */
export const mainArea = (page: Page) => page.locator('main');
