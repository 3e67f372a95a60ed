// aria-current in <attn-site-nav> on a loaded page: the page's own link and
// its group are marked, nothing else (on the home page: the brand alone).
// site_desktop.test.js checks it on every page while it has the page open.
import { GROUPS } from '../../web/playground/pages.js';

const href = (p) => (p.path === 'index.html' ? './' : p.path);

/** What is wrong with the nav's current-page marks on `page`, the page of `entry` (pages.js) in English: sentences. */
export async function navMarkProblems(page, entry) {
  const marks = await page.locator('attn-site-nav').evaluate((n) => {
    const root = n.shadowRoot;
    return {
      links: [...root.querySelectorAll('.pages a[aria-current="page"]')].map((a) => a.getAttribute('href')),
      groups: [...root.querySelectorAll('.group-button[aria-current="true"]')].map((b) => b.textContent),
      brand: root.querySelector('.brand').getAttribute('aria-current'),
    };
  });
  const want = entry.nav === 'home'
    ? { links: [], groups: [], brand: 'page' }
    : { links: [href(entry)], groups: [GROUPS.find((g) => g.id === entry.group).title.en], brand: null };
  return JSON.stringify(marks) === JSON.stringify(want) ? [] : [`${entry.path}: nav marks ${JSON.stringify(marks)}, not ${JSON.stringify(want)}`];
}
