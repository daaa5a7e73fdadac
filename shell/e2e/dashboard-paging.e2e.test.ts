import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  newPage,
  seedLocalStorage,
  sellerStorage,
  waitForText,
  type ApiAccount,
} from './support.js';

const site = composedSiteForFile();

/** 60 pending orders, PAGE-1001 to PAGE-1060: three pages of the default 25. */
function sixtyOrdersCsv(): string {
  const rows = Array.from({ length: 60 }, (_, index) => {
    const n = 1001 + index;
    return `PAGE-${n},Pat${n},Page,pat${n}@buyer.test,SW1A 1AA,pending,,,,Mug`;
  });
  return (
    [
      'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items',
      ...rows,
    ].join('\r\n') + '\r\n'
  );
}

interface ListCall {
  cursor: string | null;
  page: string | null;
  sortBy: string | null;
  /** The cursor of the page after the answered one, if any. */
  nextCursor?: string;
}

const isListCall = (response: Response) =>
  new URL(response.url()).pathname === '/api/upload/tracking-entries';

/** What a list call asked for, and the cursor its answer handed out. */
async function listCallOf(response: Response): Promise<ListCall> {
  const { searchParams } = new URL(response.url());
  const answer = (await response.json()) as { pagination: { nextCursor?: string } };
  return {
    cursor: searchParams.get('cursor'),
    page: searchParams.get('page'),
    sortBy: searchParams.get('sortBy'),
    nextCursor: answer.pagination.nextCursor,
  };
}

const shownOrders = (page: Page) =>
  page
    .getByTestId('tracking-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-number')));

/** Does `act`, then waits for the list call it makes and for the page it leads to be shown. */
async function listedAfter(page: Page, act: () => Promise<unknown>, label: string) {
  const [response] = await Promise.all([page.waitForResponse(isListCall), act()]);
  await waitForText(page, 'pagination-page', label);
  return listCallOf(response);
}

/** Opens the seller's dashboard on its first page. */
async function openDashboard(seller: ApiAccount) {
  const { context, page } = await newPage(site.browser);
  await seedLocalStorage(context, sellerStorage(seller));
  const first = await listedAfter(
    page,
    () => page.goto(`${site.system.url}/dashboard`),
    'Page 1 of 3',
  );
  return { context, page, first };
}

const turnTo = (page: Page, button: string, label: string) =>
  listedAfter(page, () => page.getByTestId(button).click(), label);

describe('dashboard paging by cursor (issue 41)', () => {
  let seller: ApiAccount;
  beforeAll(async () => {
    seller = await createSeller(site.system, { onboarded: true, displayName: 'Pat Pager' });
    await importThroughApi(site.system, seller, sixtyOrdersCsv());
  });

  it('reads each later page with the cursor of the page before, every order once, and back', async () => {
    const { context, page, first } = await openDashboard(seller);
    try {
      expect(first).toMatchObject({ page: '1', cursor: null });
      const pages = [await shownOrders(page)];

      const second = await turnTo(page, 'page-next', 'Page 2 of 3');
      expect(second.cursor).toBe(first.nextCursor);
      pages.push(await shownOrders(page));
      const third = await turnTo(page, 'page-next', 'Page 3 of 3');
      expect(third.cursor).toBe(second.nextCursor);
      expect(third.nextCursor).toBeUndefined();
      pages.push(await shownOrders(page));
      await waitForText(page, 'pagination-range', 'Showing 51–60 of 60');
      // The service's keyset: the three pages hold every order once, none twice.
      expect(pages.map((one) => one.length)).toEqual([25, 25, 10]);
      expect(new Set(pages.flat()).size).toBe(60);

      const back = await turnTo(page, 'page-previous', 'Page 2 of 3');
      expect(back.cursor).toBe(first.nextCursor);
      await expect(shownOrders(page)).resolves.toEqual(pages[1]);

      const restart = await turnTo(page, 'page-first', 'Page 1 of 3');
      expect(restart).toMatchObject({ page: '1', cursor: null });
      await expect(shownOrders(page)).resolves.toEqual(pages[0]);
    } finally {
      await context.close();
    }
  });

  it('starts again from the first page, without a cursor, when the sort changes', async () => {
    const { context, page } = await openDashboard(seller);
    try {
      await turnTo(page, 'page-next', 'Page 2 of 3');
      const resorted = await listedAfter(
        page,
        () => page.getByTestId('sort-field').selectOption('orderNumber'),
        'Page 1 of 3',
      );
      expect(resorted).toMatchObject({ sortBy: 'orderNumber', page: '1', cursor: null });

      const next = await turnTo(page, 'page-next', 'Page 2 of 3');
      expect(next.cursor).toBe(resorted.nextCursor);
      await expect(shownOrders(page)).resolves.toEqual(
        Array.from({ length: 25 }, (_, index) => `PAGE-${1026 + index}`),
      );
    } finally {
      await context.close();
    }
  });
});
