import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBillingState, testInfra, trialRunning } from '@onvelope/testkit';
import {
  shippedChange,
  startNotifyHarness,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';

describe('a seller’s notification settings, preview, test mail and views', () => {
  let h: NotifyHarness;
  let ann: Seller;
  let bob: Seller;
  beforeAll(async () => {
    h = await startNotifyHarness();
    ann = await h.seller({ storeName: 'Ann’s Prints', timeZone: 'Asia/Tokyo' });
    bob = await h.seller({ storeName: 'Bob’s Mugs' });
  });
  afterAll(() => h.stop());

  it('starts from the defaults: shipping confirmation and problems on, the others off', async () => {
    const answer = await h.call('GET', '/api/notify/settings', { token: ann.token });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        success: true,
        settings: {
          milestones: { shipped: true, out_for_delivery: false, delivered: false, problem: true },
          senderName: null,
          replyTo: null,
          logoUrl: null,
          accentColor: null,
          buyerQueries: 'immediately',
        },
      },
    });
  });

  it('changes only what is sent, and clears a field with null', async () => {
    await h.call('PUT', '/api/notify/settings', {
      token: ann.token,
      body: { milestones: { delivered: true }, senderName: '  Ann  ', accentColor: '#00FF00' },
    });
    const second = await h.call('PUT', '/api/notify/settings', {
      token: ann.token,
      body: { milestones: { shipped: false }, senderName: null },
    });
    expect(second.body.settings).toEqual({
      milestones: { shipped: false, out_for_delivery: false, delivered: true, problem: true },
      senderName: null,
      replyTo: null,
      logoUrl: null,
      accentColor: '#00ff00',
      buyerQueries: 'immediately',
    });
  });

  it('refuses bad values in the house shape', async () => {
    const bad = await h.call('PUT', '/api/notify/settings', {
      token: ann.token,
      body: {
        senderName: 'Ann\r\nBcc: x@evil.example.com',
        replyTo: 'not an address',
        logoUrl: 'http://insecure.example.com/logo.png',
        accentColor: 'red',
        milestones: { shipped: 'yes' },
      },
    });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.error).toBe('string');
    const paths = (bad.body.details as { path?: string }[]).map((detail) => detail.path).sort();
    expect(paths).toEqual(
      ['accentColor', 'logoUrl', 'milestones.shipped', 'replyTo', 'senderName']
        .map((field) => `body.${field}`)
        .sort(),
    );
    const unknown = await h.call('PUT', '/api/notify/settings', {
      token: ann.token,
      body: { colour: '#000000' },
    });
    expect(unknown.status).toBe(400);
  });

  it('previews each milestone with a sample order in the seller’s look', async () => {
    await h.call('PUT', '/api/notify/settings', {
      token: ann.token,
      body: { logoUrl: 'https://cdn.example.com/ann.png' },
    });
    const preview = await h.call('GET', '/api/notify/preview/problem?problem=returned', {
      token: ann.token,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('Your order #1001 is being returned to Ann’s Prints');
    expect(preview.body.html).toContain('https://cdn.example.com/ann.png');
    expect(preview.body.html).toContain('#00ff00');
    expect(preview.body.text).toContain('Canvas tote bag');
    const shipped = await h.call('GET', '/api/notify/preview/shipped', { token: ann.token });
    expect(shipped.body.text).toContain('Estimated delivery');
    const unknown = await h.call('GET', '/api/notify/preview/lost', { token: ann.token });
    expect(unknown.status).toBe(400);
  });

  it('serves the preview as a page of its own by a signed, short-lived address, under the message’s own policy', async () => {
    const preview = await h.call('GET', '/api/notify/preview/problem?problem=returned', {
      token: ann.token,
    });
    expect(preview.body.pageUrl).toMatch(/^\/api\/notify\/preview-page\/[^/]+$/);
    const expiresIn = Date.parse(preview.body.pageExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);

    // No token: a frame cannot send one. The address alone opens the same message.
    const page = await h.call('GET', preview.body.pageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toBe(preview.body.html);
    expect(page.text).toContain('#00ff00');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`default-src 'none'`);
    expect(policy).toContain(`style-src 'unsafe-inline'`);
    expect(policy).toContain(`img-src https: data:`);
    expect(policy).toContain(`frame-ancestors 'self'`);
    expect(policy).not.toContain('script-src');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');

    // Bob's own preview is in Bob's look, never Ann's.
    const bobs = await h.call('GET', '/api/notify/preview/shipped', { token: bob.token });
    const bobsPage = await h.call('GET', bobs.body.pageUrl);
    expect(bobsPage.text).toContain('Bob’s Mugs');
    expect(bobsPage.text).not.toContain('#00ff00');

    // A changed address opens nothing.
    const token = (preview.body.pageUrl as string).split('/').pop()!;
    const [body, signature] = token.split('.');
    const forged = `${body!.slice(0, -2)}AA.${signature}`;
    expect((await h.call('GET', `/api/notify/preview-page/${forged}`)).status).toBe(404);
    expect((await h.call('GET', '/api/notify/preview-page/not-a-token')).status).toBe(404);
  });

  it('sends a test to the seller’s own address only', async () => {
    const sent = await h.call('POST', '/api/notify/test', {
      token: ann.token,
      body: { milestone: 'delivered' },
    });
    expect(sent).toMatchObject({ status: 202, body: { success: true, sentTo: ann.email } });
    await h.sink.waitForMail(ann.email);
    const [mail] = await h.mailsTo(ann.email);
    expect(mail!.subject).toBe('[Test] Your order #1001 has been delivered');
    // A test is no buyer mail: no unsubscribe link to the seller's own address.
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
    const smuggled = await h.call('POST', '/api/notify/test', {
      token: ann.token,
      body: { milestone: 'shipped', to: 'stranger@example.com' },
    });
    expect(smuggled.status).toBe(400);
  });

  it('answers 409 for a test when the seller’s address is not known yet', async () => {
    const accountId = `acct-unknown-${Date.now()}`;
    await publishBillingState(testInfra().natsUrl, trialRunning(accountId));
    const token = await h.issuer.merchantToken(accountId);
    const answer = await h.call('POST', '/api/notify/test', {
      token,
      body: { milestone: 'shipped' },
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { error: 'We do not know your e-mail address yet. Please try again in a minute.' },
    });
  });

  it('never shows one seller another’s settings, history or suppressions', async () => {
    const bobs = await h.call('GET', '/api/notify/settings', { token: bob.token });
    expect(bobs.body.settings.accentColor).toBeNull();
    expect(bobs.body.settings.milestones.shipped).toBe(true);

    const change = shippedChange({ orderNumber: 'T-1' });
    await h.publishChanges(bob.accountId, [change]);
    await h.sink.waitForMail(change.customerEmail!);
    const mine = await h.call('GET', `/api/notify/orders/${change.entryId}`, { token: bob.token });
    expect(mine.body.notifications).toHaveLength(1);
    const theirs = await h.call('GET', `/api/notify/orders/${change.entryId}`, {
      token: ann.token,
    });
    expect(theirs).toMatchObject({ status: 200, body: { success: true, notifications: [] } });
    // Bob's mail carried Bob's store name, not Ann's settings.
    const [mail] = await h.mailsTo(change.customerEmail!);
    expect(mail!.from?.value[0]?.name).toBe('Bob’s Mugs');
  });

  it('asks every seller call for a seller’s token', async () => {
    for (const [method, path] of [
      ['GET', '/api/notify/settings'],
      ['PUT', '/api/notify/settings'],
      ['GET', '/api/notify/preview/shipped'],
      ['POST', '/api/notify/test'],
      ['GET', '/api/notify/orders/abc'],
      ['GET', '/api/notify/suppressions'],
    ] as const) {
      expect((await h.call(method, path)).status, `${method} ${path}`).toBe(401);
    }
    const buyer = await h.issuer.customerToken('acct-x');
    expect((await h.call('GET', '/api/notify/settings', { token: buyer })).status).toBe(403);
  });
});
