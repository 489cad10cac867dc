// What a person can see, asserted as a person meets it: a step, dialog or column
// a test relies on is checked visible, and what must be out of the way is checked not visible
// (present in the page but hidden counts as not visible). Failures read "X: not visible".
import type { Locator, Page } from 'playwright-core';

type Box = { x: number; y: number; width: number; height: number };

const state = async (locator: Locator) => ((await locator.isVisible()) ? 'visible' : 'not visible');

/** Waits for `locator` (its first match) to be on screen, then asserts it. */
export async function expectVisible(locator: Locator, what: string): Promise<void> {
  await locator
    .first()
    .waitFor({ state: 'visible' })
    .catch(() => undefined);
  expect(`${what}: ${await state(locator.first())}`).toBe(`${what}: visible`);
}

/** Asserts that no match of `locator` is on screen (waiting a little for one to go away). */
export async function expectNotVisible(locator: Locator, what: string): Promise<void> {
  const count = await locator.count();
  for (let i = 0; i < count; i += 1) {
    const match = locator.nth(i);
    await match.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    expect(`${what}: ${await state(match)}`).toBe(`${what}: not visible`);
  }
}

/**
 * What has the focus: "heading: Lista de productos", "button: Guardar", "a: Stock de productos".
 * Waits a little for a heading to take it unless `waitForHeading` is false.
 */
export async function focusedElement(page: Page, waitForHeading = true): Promise<string> {
  if (waitForHeading) {
    await page
      .waitForFunction(() => document.activeElement?.matches('h1, h2, h3, h4, h5, h6, [role="heading"]'), null, { timeout: 5_000 })
      .catch(() => undefined);
  }
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing';
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80);
    if (element.matches('h1, h2, h3, h4, h5, h6, [role="heading"]')) return `heading: ${text}`;
    return `${element.getAttribute('role') ?? element.tagName.toLowerCase()}: ${text}`;
  });
}

export async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} no tiene caja: no está en pantalla.`);
  return box;
}

/** The box of `locator` once it stops moving (an animation has ended): the same twice 100 ms apart. */
export async function settledBox(locator: Locator, what: string): Promise<Box> {
  let previous = await boxOf(locator, what);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await locator.page().waitForTimeout(100);
    const box = await boxOf(locator, what);
    if (box.x === previous.x && box.y === previous.y && box.width === previous.width && box.height === previous.height) return box;
    previous = box;
  }
  throw new Error(`${what} no deja de moverse.`);
}

/** True when two boxes share any area. */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Asserts that `locator` (its first match) is on screen and not off to a side: inside the window's
 * width and not scrolled out of a container that clips it (a wide table on a phone scrolls
 * sideways, and a cell beyond its right edge passes isVisible but nobody sees it). Up and down is
 * left alone: pages scroll that way.
 */
export async function expectInView(locator: Locator, what: string): Promise<void> {
  await expectVisible(locator, what);
  const where = await locator.first().evaluate((element) => {
    const rect = element.getBoundingClientRect();
    // Half a pixel of rounding either way is not "off to a side".
    if (rect.left < -0.5 || rect.right > window.innerWidth + 0.5) return 'off the side of the window';
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (rect.left < clip.left - 0.5 || rect.right > clip.right + 0.5) return 'scrolled out of sight sideways';
    }
    return 'in view';
  });
  expect(`${what}: ${where}`).toBe(`${what}: in view`);
}
