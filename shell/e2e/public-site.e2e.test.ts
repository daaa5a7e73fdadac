import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { composedSiteForFile, newPage, pathOf } from './support.js';

// The tests only read the public site, so they run side by side (`describe.concurrent`): most of a
// test's time is the page waiting on the network and the browser, which another test's work fills
// (issue 37).
const site = composedSiteForFile();

/** Every public page of issue 15, with the test id that says it has rendered. */
const publicPages = [
  { path: '/', ready: 'landing-page' },
  { path: '/features', ready: 'features-page' },
  { path: '/about', ready: 'about-page' },
  { path: '/contact', ready: 'contact-page' },
  { path: '/privacy', ready: 'privacy-page' },
  { path: '/terms', ready: 'terms-page' },
  { path: '/old-privacy', ready: 'privacy-page' },
  { path: '/old-terms', ready: 'terms-page' },
  { path: '/pricing', ready: 'pricing-plan-pro_monthly' },
  { path: '/track', ready: 'track-page' },
  { path: '/login', ready: 'login-page' },
];

const axeScript = join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical violations on the page as it is now, one line each. The page's
 * context must have axe added (`addAxe`): the site's CSP refuses a script tag added afterwards.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: { resultTypes: string[] },
        ) => Promise<{ violations: AxeViolation[] }>;
      };
    };
    // Every rule still runs; only the nodes that passed or do not apply are no longer all listed.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** How many pixels the page is wider than the window (0: no sideways scrolling). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * axe-core in every page the context loads: an init script runs before the page's own and is not
 * subject to its CSP.
 */
async function addAxe(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript({ path: axeScript });
  return context;
}

async function openAt(width: number, path: string, ready: string, { withAxe = false } = {}) {
  const { context, page } = await newPage(site.browser);
  if (withAxe) await addAxe(context);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${site.system.url}${path}`);
  await page.getByTestId(ready).first().waitFor();
  return { context, page };
}

/**
 * Pages for the accessibility checks, one browser context a width, kept for the file. A check takes
 * a page another has finished with and loads its own path there afresh (axe comes with every load,
 * from the context's init script): what a check reads is the page as it loads, and a new context and
 * tab for each, with every bundle fetched and compiled again, was most of its time (issue 37). The
 * other tests keep contexts of their own: what they prove depends on what has not loaded yet.
 */
const checkPages = new Map<number, { context: Promise<BrowserContext>; idle: Page[] }>();

async function onCheckPage(width: number, check: (page: Page) => Promise<void>): Promise<void> {
  let pages = checkPages.get(width);
  if (!pages) {
    const context = site.browser.newContext({ viewport: { width, height: 900 } });
    pages = { context: context.then(addAxe), idle: [] };
    checkPages.set(width, pages);
  }
  const page = pages.idle.pop() ?? (await (await pages.context).newPage());
  try {
    await check(page);
  } finally {
    pages.idle.push(page);
  }
}

afterAll(async () => {
  for (const { context } of checkPages.values()) await (await context).close();
});

describe.concurrent('every public page is accessible and fits the screen', () => {
  for (const width of [1280, 390]) {
    for (const { path, ready } of publicPages) {
      it(`${path} at ${width} px has no serious or critical axe violation and no sideways scrolling`, async () => {
        await onCheckPage(width, async (page) => {
          await page.goto(`${site.system.url}${path}`);
          await page.getByTestId(ready).first().waitFor();

          await expect(seriousViolations(page)).resolves.toEqual([]);
          await expect(overflow(page)).resolves.toBeLessThanOrEqual(0);
        });
      });
    }
  }
});

describe.concurrent('each marketing page describes itself to browsers and link previews', () => {
  const described = [
    {
      path: '/',
      ready: 'landing-page',
      title: 'ONVELOPE: Order tracking for online sellers and their buyers',
    },
    { path: '/features', ready: 'features-page', title: 'Features | ONVELOPE' },
    { path: '/about', ready: 'about-page', title: 'About | ONVELOPE' },
    { path: '/contact', ready: 'contact-page', title: 'Contact us | ONVELOPE' },
    { path: '/privacy', ready: 'privacy-page', title: 'Privacy Policy | ONVELOPE' },
    { path: '/terms', ready: 'terms-page', title: 'Terms of Service | ONVELOPE' },
    {
      path: '/old-privacy',
      ready: 'privacy-page',
      title: 'Privacy Policy (previous version) | ONVELOPE',
    },
    {
      path: '/old-terms',
      ready: 'terms-page',
      title: 'Terms of Service (previous version) | ONVELOPE',
    },
    { path: '/pricing', ready: 'pricing-page', title: 'Pricing | ONVELOPE' },
  ];

  it('sets its own title, description, Open Graph tags and canonical link, and gives them back on leaving', async () => {
    const { context, page } = await newPage(site.browser);
    const descriptions = new Set<string>();
    for (const { path, ready, title } of described) {
      await page.goto(`${site.system.url}${path}`);
      await page.getByTestId(ready).waitFor();
      const head = await page.evaluate(() => {
        const content = (selector: string) =>
          document.head.querySelector(selector)?.getAttribute('content') ?? null;
        return {
          title: document.title,
          description: content('meta[name="description"]'),
          ogTitle: content('meta[property="og:title"]'),
          ogDescription: content('meta[property="og:description"]'),
          ogUrl: content('meta[property="og:url"]'),
          canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        };
      });
      expect(head.title, path).toBe(title);
      expect(head.ogTitle, path).toBe(title);
      expect(head.ogDescription, path).toBe(head.description);
      expect(head.canonical, path).toBe(`${site.system.url}${path}`);
      expect(head.ogUrl, path).toBe(head.canonical);
      descriptions.add(head.description ?? '');
    }
    expect(descriptions.size).toBe(described.length);

    // Another remote's page keeps the shell's own head, not the last marketing page's.
    await page.getByTestId('public-header').getByRole('link', { name: 'Track Order' }).click();
    await page.getByTestId('track-page').waitFor();
    await expect(page.title()).resolves.toBe('ONVELOPE');
    await expect(page.locator('link[rel="canonical"]').count()).resolves.toBe(0);
    await context.close();
  });

  it('shows the logo as the favicon without requesting /favicon.ico', async () => {
    const { context, page } = await newPage(site.browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.system.url}/`);
    await page.getByTestId('landing-page').waitFor();

    await expect(page.locator('link[rel="icon"]').getAttribute('href')).resolves.toMatch(
      /^data:image\/svg\+xml,/,
    );
    expect(requested).not.toContain('/favicon.ico');
    await context.close();
  });
});

describe.concurrent('the gateway serves the site', () => {
  it('compressed, hashed files cached for ever, and the entry points revalidated', async () => {
    const { context, page } = await newPage(site.browser);
    const served: { path: string; encoding: string | null; cache: string | null }[] = [];
    page.on('response', async (response) => {
      const { pathname } = new URL(response.url());
      const headers = await response.allHeaders();
      if (response.status() === 200 && /\.(js|json|html)$|^\/$/.test(pathname)) {
        served.push({
          path: pathname,
          encoding: headers['content-encoding'] ?? null,
          cache: headers['cache-control'] ?? null,
        });
      }
    });
    await page.goto(`${site.system.url}/`);
    await page.getByTestId('landing-page').waitFor();
    await page.waitForLoadState('networkidle');

    const named = (pattern: RegExp) => served.filter((file) => pattern.test(file.path));
    for (const file of named(/\.[0-9a-f]{8}\.js$/)) {
      expect(file.cache, file.path).toBe('public, max-age=31536000, immutable');
    }
    for (const file of named(/^\/$|remoteEntry\.js$|mf-manifest\.json$/)) {
      expect(file.cache, file.path).toBe('no-cache');
    }
    expect(named(/remoteEntry\.js$/).length).toBeGreaterThan(0);
    // The runtime and the shared libraries are the big files (small ones go out as they are).
    for (const file of named(/remoteEntry\.js$|^\/main\.[0-9a-f]{8}\.js$/)) {
      expect(file.encoding, file.path).toBe('br');
    }
    await context.close();
  });
});

describe.concurrent('the landing page', () => {
  it('links to /track, /login, /features and /customer-register and offers the trial at the catalogue’s prices', async () => {
    const { context, page } = await openAt(1280, '/', 'landing-page', { withAxe: true });
    const landing = page.getByTestId('landing-page');
    for (const path of ['/track', '/login', '/features', '/customer-register', '/register']) {
      await expect(landing.locator(`a[href="${path}"]`).count(), path).resolves.toBeGreaterThan(0);
    }

    // The offer loads as it scrolls into view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const prices = page.getByTestId('landing-plan-prices');
    await prices.filter({ hasText: '£8.99 a month' }).waitFor();
    await expect(prices.textContent()).resolves.toBe(
      'Then £8.99 a month (Pro Monthly) or £89.99 a year (Pro Yearly). Save £17.89 a year with yearly billing.',
    );
    await expect(page.getByTestId('landing-trial-offer').textContent()).resolves.toContain(
      'Try everything free for 7 days',
    );
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await context.close();
  });

  it('looks an order up from the hero and refuses empty fields', async () => {
    const { context, page } = await openAt(1280, '/', 'landing-page');
    await page.getByRole('button', { name: 'Track order' }).click();
    await expect(page.getByTestId('landing-track-error').textContent()).resolves.toBe(
      'Please enter your order number, email and postcode.',
    );
    expect(pathOf(page)).toBe('/');

    await page.getByTestId('landing-track-order').fill('1001');
    await page.getByTestId('landing-track-email').fill('ada@mail.test');
    await page.getByTestId('landing-track-postcode').fill('SW1A 1AA');
    await page.getByRole('button', { name: 'Track order' }).click();
    await page.getByTestId('track-page').waitFor();
    expect(pathOf(page)).toBe('/track?order=1001&email=ada%40mail.test&postcode=SW1A+1AA');
    await context.close();
  });
});

describe.concurrent('the public header', () => {
  it('refuses an empty Quick Track with a message naming the missing fields, which follows the fields', async () => {
    const { context, page } = await openAt(1280, '/about', 'about-page');
    await page.getByRole('button', { name: 'Quick Track' }).click();

    const message = page.getByTestId('quick-track-error');
    await expect(message.textContent()).resolves.toBe(
      'Please enter your order number, email and postcode.',
    );
    expect(pathOf(page)).toBe('/about');
    await expect(
      page.getByTestId('quick-track-order').evaluate((input) => input === document.activeElement),
    ).resolves.toBe(true);

    await page.getByTestId('quick-track-order').fill('1001');
    await expect(message.textContent()).resolves.toBe('Please enter your email and postcode.');
    await page.getByTestId('quick-track-email').fill('ada@mail.test');
    await page.getByTestId('quick-track-postcode').fill('SW1A 1AA');
    await expect(message.count()).resolves.toBe(0);
    await context.close();
  });

  it('is usable with the keyboard alone', async () => {
    const { context, page } = await openAt(1280, '/', 'landing-page');
    const header = page.getByTestId('public-header');
    await header.getByRole('link', { name: 'ONVELOPE' }).focus();
    const visited: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Tab');
      visited.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(visited).toEqual(['About', 'Features', 'Track Order', 'Contact', 'Login', 'Sign Up']);

    await page.keyboard.press('Tab');
    await page.keyboard.type('1001');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@mail.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('SW1A 1AA');
    await page.keyboard.press('Enter');
    await page.getByTestId('track-page').waitFor();
    expect(pathOf(page)).toBe('/track?order=1001&email=ada%40mail.test&postcode=SW1A+1AA');
    await context.close();
  });

  it('opens a complete mobile menu with the keyboard, closes it with Escape and after navigating', async () => {
    const { context, page } = await openAt(390, '/', 'landing-page');
    const toggle = page.getByTestId('menu-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');

    const menu = page.getByTestId('mobile-menu');
    await menu.waitFor();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const links = await menu
      .getByRole('link')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')]),
      );
    expect(links).toEqual([
      ['About', '/about'],
      ['Features', '/features'],
      ['Track Order', '/track'],
      ['Contact', '/contact'],
      ['Login', '/login'],
      ['Sign Up', '/register'],
    ]);
    await expect(menu.getByRole('button', { name: 'Quick Track' }).isVisible()).resolves.toBe(true);

    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('About');
    await page.keyboard.press('Escape');
    await expect(menu.count()).resolves.toBe(0);
    await expect(toggle.evaluate((button) => button === document.activeElement)).resolves.toBe(
      true,
    );

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('features-page').waitFor();
    await expect(menu.count()).resolves.toBe(0);
    await context.close();
  });
});

describe.concurrent('the footer', () => {
  it('has the spec’s page links and mailboxes, and the Customer Portal opens the buyer sign-in', async () => {
    const { context, page } = await openAt(1280, '/about', 'about-page');
    const footer = page.getByTestId('public-footer');
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    for (const href of [
      '/about',
      '/contact',
      '/features',
      '/track',
      '/customer',
      '/login',
      '/register',
      '/privacy',
      '/terms',
      'mailto:support@onvelope.com',
      'mailto:business@onvelope.com',
      'mailto:privacy@onvelope.com',
      'mailto:legal@onvelope.com',
    ]) {
      expect(hrefs, href).toContain(href);
    }

    await footer.getByRole('link', { name: 'Customer Portal' }).click();
    await page.getByTestId('login-page').waitFor();
    expect(pathOf(page)).toBe('/login?account=customer');
    expect(await page.getByTestId('account-customer').getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('opens a page at its top, and Back returns to where the reader was', async ({ expect }) => {
    // The terms' code is loaded first, so the page shows at once when the footer link is clicked
    // (the case that kept the scroll position of the page before).
    const { context, page } = await openAt(1280, '/terms', 'terms-page');
    await page.getByTestId('public-header').getByRole('link', { name: 'Features' }).first().click();
    await page.getByTestId('features-page').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const readerAt = await page.evaluate(() => window.scrollY);
    expect(readerAt).toBeGreaterThan(500);

    await page.getByTestId('public-footer').getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByTestId('terms-page').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const title = page.getByTestId('terms-page').getByRole('heading', { level: 1 });
    expect(await title.isVisible()).toBe(true);
    expect(await title.evaluate((heading) => heading.getBoundingClientRect().top)).toBeLessThan(
      900,
    );

    await page.goBack();
    await page.getByTestId('features-page').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await context.close();
  });

  it('opens a link to a section of a page whose code is still loading at that section', async ({
    expect,
  }) => {
    const { context, page } = await openAt(1280, '/terms', 'terms-page');
    await page.locator('a[href="/privacy#retention"]').click();
    await page.getByTestId('privacy-page').waitFor();
    const sectionTop = () =>
      page.evaluate(() => document.getElementById('retention')?.getBoundingClientRect().top);
    await expect.poll(sectionTop).toBeGreaterThanOrEqual(-1);
    expect(await sectionTop()).toBeLessThan(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await context.close();
  });
});

describe.concurrent('the features and about pages', () => {
  it('shows buyers, sellers and technical features with links to /track and /register', async () => {
    const { context, page } = await openAt(1280, '/features', 'features-page');
    for (const group of ['buyers', 'sellers', 'technical']) {
      await expect(
        page.getByTestId(`features-${group}`).getByRole('listitem').count(),
      ).resolves.toBeGreaterThan(3);
    }
    await page.getByTestId('features-track-link').click();
    await page.getByTestId('track-page').waitFor();
    await page.goBack();
    await page.getByTestId('features-register-link').click();
    await page.getByTestId('register-page').waitFor();
    await context.close();
  });

  it('links the about page to /contact and /login', async () => {
    const { context, page } = await openAt(1280, '/about', 'about-page');
    await page.getByTestId('about-contact-link').click();
    await page.getByTestId('contact-page').waitFor();
    await page.goBack();
    await page.getByTestId('about-login-link').click();
    await page.getByTestId('login-page').waitFor();
    await context.close();
  });
});

describe.concurrent('the contact page', () => {
  it('requires every field with inline errors that clear as each field is corrected', async () => {
    const { context, page } = await openAt(1280, '/contact', 'contact-page');
    await page.getByTestId('contact-submit').click();

    const errors = {
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    };
    for (const [field, text] of Object.entries(errors)) {
      await expect(page.getByTestId(`contact-${field}-error`).textContent()).resolves.toBe(text);
      await expect(page.getByTestId(`contact-${field}`).getAttribute('aria-invalid')).resolves.toBe(
        'true',
      );
    }
    await expect(
      page.getByTestId('contact-name').evaluate((input) => input === document.activeElement),
    ).resolves.toBe(true);

    await page.getByTestId('contact-name').fill('Ada Lovelace');
    await expect(page.getByTestId('contact-name-error').count()).resolves.toBe(0);
    await page.getByTestId('contact-email').fill('ada.mail.test');
    await expect(page.getByTestId('contact-email-error').textContent()).resolves.toBe(
      'Invalid email address',
    );
    await page.getByTestId('contact-email').fill('ada@mail.test');
    await expect(page.getByTestId('contact-email-error').count()).resolves.toBe(0);
    await expect(page.getByTestId('contact-subject-error').count()).resolves.toBe(1);
    await context.close();
  });

  it("simulates sending for about a second, shows 'Message Sent!', clears the form and calls nothing", async () => {
    const { context, page } = await openAt(1280, '/contact', 'contact-page');
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/(api|auth)\//.test(pathname)) calls.push(pathname);
    });

    // Keyboard only: type into each field, Tab to Send Message and press Enter.
    await page.getByTestId('contact-name').focus();
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@mail.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('A question');
    await page.keyboard.press('Tab');
    await page.keyboard.type('How do I connect my store?');
    await page.keyboard.press('Tab');
    const started = Date.now();
    await page.keyboard.press('Enter');

    await expect(page.getByTestId('contact-submit').textContent()).resolves.toBe('Sending...');
    await page.getByTestId('contact-sent').waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await expect(page.getByTestId('contact-sent').textContent()).resolves.toContain(
      'Message Sent!',
    );
    for (const field of ['name', 'email', 'subject', 'message']) {
      await expect(page.getByTestId(`contact-${field}`).inputValue()).resolves.toBe('');
    }
    expect(calls).toEqual([]);
    await context.close();
  });

  it('answers common questions with links to /track and /privacy', async () => {
    const { context, page } = await openAt(1280, '/contact', 'contact-page');
    const faq = page.getByTestId('contact-faq');
    await faq.getByText('Where is my order?').click();
    await expect(faq.locator('a[href="/track"]').first().isVisible()).resolves.toBe(true);
    await faq.getByText('What do you do with my personal data?').click();
    await faq.locator('a[href="/privacy"]').click();
    await page.getByTestId('privacy-page').waitFor();
    await context.close();
  });
});

describe.concurrent('the legal pages', () => {
  for (const { path, oldPath, ready, title } of [
    { path: '/terms', oldPath: '/old-terms', ready: 'terms-page', title: 'Terms of Service' },
    { path: '/privacy', oldPath: '/old-privacy', ready: 'privacy-page', title: 'Privacy Policy' },
  ]) {
    it(`${path} is version 2025-10-02 of October 2, 2025, with a working table of contents`, async () => {
      const { context, page } = await openAt(1280, path, ready);
      await expect(page.getByTestId('legal-version').textContent()).resolves.toBe(
        'Version 2025-10-02, effective October 2, 2025.',
      );
      const toc = page.getByTestId('legal-toc');
      const anchors = await toc
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(anchors.length).toBeGreaterThan(10);
      for (const anchor of anchors) {
        await expect(page.locator(`section${anchor}`).count(), anchor ?? '').resolves.toBe(1);
      }
      await toc.getByRole('link').last().click();
      expect(new URL(page.url()).hash).toBe(anchors[anchors.length - 1]);
      await expect(page.locator(`section${anchors[anchors.length - 1]}`).isVisible()).resolves.toBe(
        true,
      );
      await context.close();
    });

    it(`${oldPath} says it is superseded and links to the current ${title}`, async () => {
      const { context, page } = await openAt(1280, oldPath, ready);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        `${title} (previous version)`,
      );
      await expect(page.getByTestId('legal-version').textContent()).resolves.toContain(
        'This version is superseded.',
      );
      await page.getByTestId('legal-current-link').click();
      await page.getByTestId('legal-version').filter({ hasText: 'Version 2025-10-02' }).waitFor();
      expect(pathOf(page)).toBe(path);
      await context.close();
    });
  }

  it('states the figures of the spec in the terms, with the prices of the plan catalogue', async () => {
    const { context, page } = await openAt(1280, '/terms', 'terms-page');
    const text = (await page.getByTestId('terms-page').textContent()) ?? '';
    for (const figure of [
      '7-day free trial',
      '£8.99 a month',
      '£89.99 a year',
      'cancel at any time',
      'full refund within 30 days of your first payment',
      'up to 7 years after termination',
      'within 24 hours',
      '99.9%',
      'at least 18 years old',
      'England and Wales',
    ]) {
      expect(text, figure).toContain(figure);
    }
    await context.close();
  });
});
