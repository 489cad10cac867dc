// axe-core on the page as it is now, for the browser tests that check accessibility.
import fs from 'node:fs';
import type { Page } from 'playwright-core';

interface AxeNode {
  target: unknown[];
  html: string;
}
interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

// The portal's Content-Security-Policy (script-src 'self') refuses page.addScriptTag's inline
// script, and the page is checked as people get it, CSP on (no bypassCSP). So axe's source is
// evaluated through the DevTools protocol, which the page's CSP does not govern.
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical violations axe finds in the page as it is now, one line per node. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> } }).axe;
    // Fluent UI's focus manager (tabster) puts <i data-tabster-dummy tabindex="0" aria-hidden="true">
    // at the edges of menus, drawers and dialogs: focusable on purpose, only to pass the focus on,
    // and hidden so screen readers skip them. axe's aria-hidden-focus flags each one (a known false
    // positive: microsoft/tabster#288). Only those nodes are left out; every rule still runs.
    const result = await axe.run({ exclude: [['[data-tabster-dummy]']] }, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) ${node.target.map(String).join(' ')} — ${violation.help} [${node.html.slice(0, 160)}]`,
      ),
    );
}
