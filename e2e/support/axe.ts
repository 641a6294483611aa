import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.2 A and AA rules every screen is held to. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe's violations on the page as it stands. A target that axe finds too small only because the
 * page is scrolled so that it lies half under the sticky tab bar (decision 053) is scrolled into
 * view, which keeps it clear of the bars (scroll padding), and measured again there: only what is
 * still too small then counts.
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  const found: string[] = [];
  for (const violation of result.violations)
    for (const node of violation.nodes) {
      const selector = node.target.join(' ');
      if (violation.id === 'target-size' && /partially obscured/.test(node.failureSummary ?? '')) {
        await page
          .locator(selector)
          .first()
          .evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
        const again = await new AxeBuilder({ page }).withRules(['target-size']).include(selector).analyze();
        await page.evaluate(() => window.scrollTo(0, 0));
        if (again.violations.length === 0) continue;
      }
      found.push(
        `${where}: ${violation.id} (${violation.impact}) ${selector}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      );
    }
  return found;
}

/** Fails with every violation named when axe finds any on the page as it stands. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page, where), `axe on ${where}`).toEqual([]);
}
