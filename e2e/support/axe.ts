import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/*
 * axe-core in the page under test: WCAG 2.1 A/AA and best practice, the tags every check
 * here uses. The app's CSP allows no inline script, so a spec that calls this needs
 * `test.use({ bypassCSP: true })`; axe is injected by the test, never shipped by the app.
 */

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Every axe violation on the page as "rule: help @ selectors" — a test wants none. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: AxeViolation[];
      passes: unknown[];
    };
    // A run that checked nothing would pass vacuously.
    if (result.passes.length === 0) throw new Error('axe checked nothing');
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes }));
  }, AXE_TAGS);
  return violations.map(
    (v) => `${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * Fails with the list of violations, named after `where` (screen, size, language). `soft`
 * records the failure and lets the test go on to its next screen.
 */
export async function expectNoAxeViolations(
  page: Page,
  where: string,
  { soft = false }: { soft?: boolean } = {},
): Promise<void> {
  const check = soft ? expect.soft : expect;
  check(await axeViolations(page), `axe violations on ${where}`).toEqual([]);
}
