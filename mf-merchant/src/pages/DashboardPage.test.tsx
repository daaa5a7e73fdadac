// @vitest-environment jsdom
import { BrowserRouter } from '@onvelope/router';
import { localStorageKeys } from '@onvelope/ui';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackingEntryOf } from '../dashboard/tracking-entry.fixture.js';
import DashboardPage from './DashboardPage.js';

/** The list requests the page sent, as the service read their query strings. */
let listed: URLSearchParams[] = [];

const total = 60;

/**
 * svc-orders' list as the page meets it (spec 000 §9, issue 41): `total` orders; a page after the
 * first hands out a cursor for the next, and a cursor names its page, as the service's does. The
 * cursor also names its list, so a test sees which list a request continued.
 */
function listAnswer(params: URLSearchParams): Response {
  const limit = Number(params.get('limit'));
  const cursor = params.get('cursor');
  const page = cursor ? Number(/page(\d+)$/.exec(cursor)?.[1]) : Number(params.get('page'));
  const list = ['sortBy', 'sortOrder', 'status', 'omitShipped'].map((key) => params.get(key));
  const entries = Array.from(
    { length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) },
    (_, index) => trackingEntryOf(String(1000 + (page - 1) * limit + index + 1)),
  );
  const pages = Math.ceil(total / limit);
  return Response.json({
    entries,
    pagination: {
      page,
      limit,
      total,
      pages,
      ...(page < pages ? { nextCursor: `${list.join('-')}-page${page + 1}` } : {}),
    },
  });
}

const statusCounts = {
  pending: total,
  processing: 0,
  shipped: 0,
  partiallyShipped: 0,
  delivered: 0,
  cancelled: 0,
};

// A signed-in seller (an unsigned token: the page reads only its expiry) whose workspace answers
// the list and the counters; every other call of the page (rules, queries, store-fronts, billing,
// settings) is not found, which each part shows on its own.
beforeEach(() => {
  listed = [];
  const claims = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem(localStorageKeys.authToken, `e30.${claims}.`);
  localStorage.setItem(localStorageKeys.user, JSON.stringify({ email: 'pia@shop.test' }));
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname, searchParams } = new URL(url, window.location.origin);
    if (pathname.endsWith('/api/upload/tracking-entries')) {
      listed.push(searchParams);
      return listAnswer(searchParams);
    }
    if (pathname.endsWith('/api/upload/summary')) return Response.json({ total, statusCounts });
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** What the last list request asked for: its page number and its cursor. */
const lastAsked = () => {
  const params = listed.at(-1);
  return { page: params?.get('page'), cursor: params?.get('cursor') ?? null };
};

async function openDashboard() {
  const user = userEvent.setup();
  render(
    <BrowserRouter>
      <DashboardPage />
    </BrowserRouter>,
  );
  await screen.findByText('Page 1 of 3');
  return user;
}

/** Clicks a paging button and waits for the page it leads to. */
async function goTo(user: ReturnType<typeof userEvent.setup>, button: string, page: string) {
  await user.click(screen.getByRole('button', { name: button }));
  await screen.findByText(page);
}

describe('the dashboard paging', () => {
  it('asks for each next page with the cursor the page before handed out, and goes back by them', async () => {
    const user = await openDashboard();
    expect(lastAsked()).toEqual({ page: '1', cursor: null });

    await goTo(user, 'Next', 'Page 2 of 3');
    expect(lastAsked().cursor).toBe('createdAt-desc-all-true-page2');
    expect(screen.getByText('Showing 26–50 of 60')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Select order 1026\b/ })).toBeTruthy();

    await goTo(user, 'Next', 'Page 3 of 3');
    expect(lastAsked().cursor).toBe('createdAt-desc-all-true-page3');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);

    await goTo(user, 'Previous', 'Page 2 of 3');
    expect(lastAsked().cursor).toBe('createdAt-desc-all-true-page2');

    await goTo(user, 'First', 'Page 1 of 3');
    expect(lastAsked()).toEqual({ page: '1', cursor: null });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'First' }).disabled).toBe(true);
  });

  it('starts again from page 1, without a cursor, when the sort, a filter or the page size changes', async () => {
    const user = await openDashboard();
    const startsAfresh = async (change: () => Promise<void>) => {
      await goTo(user, 'Next', 'Page 2 of 3');
      expect(lastAsked().cursor).not.toBeNull();
      const asked = listed.length;
      await change();
      await waitFor(() => expect(listed.length).toBe(asked + 1));
      expect(lastAsked()).toEqual({ page: '1', cursor: null });
      await screen.findByText(/^Page 1 of/);
    };

    await startsAfresh(() => user.click(screen.getByRole('button', { name: /Order number/ })));
    expect(listed.at(-1)?.get('sortBy')).toBe('orderNumber');
    // Page 2 of the new sort is read with the new sort's cursor, never the old one's.
    await goTo(user, 'Next', 'Page 2 of 3');
    expect(lastAsked().cursor).toBe('orderNumber-asc-all-true-page2');
    await goTo(user, 'First', 'Page 1 of 3');

    await startsAfresh(() => user.selectOptions(screen.getByTestId('sort-direction'), 'desc'));
    await startsAfresh(() => user.selectOptions(screen.getByTestId('status-filter'), 'pending'));
    expect(listed.at(-1)?.get('status')).toBe('pending');
    await startsAfresh(() => user.click(screen.getByTestId('hide-shipped')));
    expect(listed.at(-1)?.get('omitShipped')).toBe('false');
    await startsAfresh(() => user.selectOptions(screen.getByTestId('page-size'), '50'));
    expect(lastAsked()).toEqual({ page: '1', cursor: null });
    await screen.findByText('Page 1 of 2');
  });
});
