/**
 * Answers the simulator's authorise screen as a store's owner would: posts the screen's form (the
 * app's client id, return address and state, read from `authUrl`) with `decision` ('approve' or
 * 'deny') for the store `storeAccountId`, and resolves with the address the screen sends the
 * browser back to (the app's OAuth return, with a code or an error). For tests and benches that
 * connect a store without a browser.
 *
 * @example
 * const back = await answerAuthorization(authUrl, 'store-small', 'approve');
 * await fetch(back, { redirect: 'manual' });
 */
export async function answerAuthorization(
  authUrl: string,
  storeAccountId: string,
  decision: string,
): Promise<URL> {
  const url = new URL(authUrl);
  const answer = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: url.searchParams.get('client_id') ?? '',
      redirect_uri: url.searchParams.get('redirect_uri') ?? '',
      state: url.searchParams.get('state') ?? '',
      decision,
      account_id: storeAccountId,
    }),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) {
    throw new Error(`the authorise form answered ${answer.status}: ${await answer.text()}`);
  }
  return new URL(location);
}
