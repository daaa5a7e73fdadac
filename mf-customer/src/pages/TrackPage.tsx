import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from '@onvelope/router';
import { lookupOrder, openTrackingLink, type BuyerOrder } from '@onvelope/contracts';
import { OrderShipment, TextField, type RemotePage } from '@onvelope/ui';
import { publicApi } from '../api.js';
import { OrderSummary } from '../components/OrderSummary.js';
import { Timeline } from '../components/Timeline.js';
import { useFormProblem } from '../components/use-form-problem.js';
import {
  linkTokenFromSearch,
  lookupFailure,
  normaliseTrackQuery,
  trackQueryFromSearch,
  trackQueryProblem,
  type TrackQueryInput,
} from '../domain/track-query.js';
import { QueryForm } from '../track/QueryForm.js';
import './customer.css';

interface Found {
  order: BuyerOrder;
  email: string;
}

/**
 * Public order tracking page (spec 001 §2) at /track and /customer: the lookup form, then the
 * order's summary, custom message, timeline and the query form. `?order=&email=&postcode=` (the
 * header's Quick Track) fills the form and looks up at once; `?link=<token>` (a seller's signed
 * link) opens the order directly, and a link that does not check out shows the form.
 */
type Message = { kind: 'error' | 'info'; text: string };

/** `POST /api/customer/lookup` with the buyer's three fields. */
async function lookUpOrder(query: TrackQueryInput): Promise<Found> {
  const answer = await publicApi.call(lookupOrder, { body: query });
  return { order: answer.order, email: query.email };
}

/** A signed link's order; any failure (tampered, unknown) leads back to the lookup form. */
async function openLink(token: string): Promise<Found> {
  try {
    const answer = await publicApi.call(openTrackingLink, { query: { token } });
    return { order: answer.order, email: answer.order.email ?? '' };
  } catch {
    throw new LinkNotOpened();
  }
}

class LinkNotOpened extends Error {}

/** The order found, or the message that says why not (spec 001 §8 lookup failures). */
async function opened(
  finding: Promise<Found>,
): Promise<{ found: Found | null; message: Message | null }> {
  try {
    return { found: await finding, message: null };
  } catch (error) {
    const message: Message =
      error instanceof LinkNotOpened
        ? {
            kind: 'info',
            text: 'This tracking link could not be opened. Please look up your order below.',
          }
        : { kind: 'error', text: lookupFailure(error) };
    return { found: null, message };
  }
}

const TrackPage: RemotePage<'mf_customer/TrackPage'> = () => {
  const [search] = useSearchParams();
  return (
    <main className="ov-page cu-track" data-testid="track-page">
      {/* Remounting on a new query string starts over when Quick Track is used from this page. */}
      <Tracking key={search.toString()} search={search} />
    </main>
  );
};

export default TrackPage;

function Tracking({ search }: { search: URLSearchParams }) {
  const [initial] = useState(() => trackQueryFromSearch(search));
  const [linkToken] = useState(() => linkTokenFromSearch(search));
  const [found, setFound] = useState<Found | null>(null);
  const [fields, setFields] = useState(initial);
  // Busy from the start when the address already says what to open, so the form never flashes.
  const [busy, setBusy] = useState(
    () => linkToken !== null || normaliseTrackQuery(initial) !== null,
  );
  const [message, setMessage] = useState<Message | null>(null);
  const validation = useFormProblem(fields, trackQueryProblem);

  async function lookUp(input: TrackQueryInput) {
    const query = normaliseTrackQuery(input);
    if (validation.check() || !query) {
      setMessage(null);
      return;
    }
    setBusy(true);
    setMessage(null);
    const outcome = await opened(lookUpOrder(query));
    setFound(outcome.found);
    setMessage(outcome.message);
    setBusy(false);
  }

  // Once per mount (the page remounts on a new query string): a signed link opens its order, a
  // complete Quick Track query looks up at once. `busy` already starts true for both.
  useEffect(() => {
    const query = normaliseTrackQuery(initial);
    const opening = linkToken ? openLink(linkToken) : query ? lookUpOrder(query) : null;
    if (!opening) return;
    let live = true;
    void opened(opening).then((outcome) => {
      if (!live) return;
      setFound(outcome.found);
      setMessage(outcome.message);
      setBusy(false);
    });
    return () => {
      live = false;
    };
  }, [initial, linkToken]);

  if (found) {
    return (
      <div className="cu-result" data-testid="track-result">
        <div className="cu-result__head">
          <h1>Your order</h1>
          <button
            type="button"
            className="ov-button ov-button--secondary"
            onClick={() => setFound(null)}
            data-testid="track-another"
          >
            Track another order
          </button>
        </div>
        <div className="ov-card">
          <OrderSummary order={found.order} />
          <OrderShipment order={found.order} reader="buyer" classPrefix="cu" />
          <Timeline order={found.order} />
        </div>
        <QueryForm order={found.order} customerEmail={found.email} />
      </div>
    );
  }

  const update = (name: keyof TrackQueryInput) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));
  // The blank-field message follows the fields; a lookup's answer stays until the next lookup.
  const shown: Message | null = validation.problem
    ? { kind: 'error', text: validation.problem }
    : message;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void lookUp(fields);
  };

  return (
    <>
      <h1>Track your order</h1>
      <p className="cu-lead">
        Enter the email address and postcode you ordered with, and your order number.
      </p>
      <form
        className="ov-card cu-lookup"
        onSubmit={submit}
        noValidate
        data-testid="track-lookup-form"
      >
        <TextField
          classPrefix="cu"
          label="Email"
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={update('email')}
          testId="track-email"
        />
        <TextField
          classPrefix="cu"
          label="Postcode"
          autoComplete="postal-code"
          value={fields.postcode}
          onChange={update('postcode')}
          testId="track-postcode"
        />
        <TextField
          classPrefix="cu"
          label="Order number"
          value={fields.orderNumber}
          onChange={update('orderNumber')}
          testId="track-order-number"
        />
        {shown && (
          <p
            className={
              shown.kind === 'error' ? 'ov-alert ov-alert--error' : 'ov-alert ov-alert--info'
            }
            role={shown.kind === 'error' ? 'alert' : 'status'}
            data-testid={shown.kind === 'error' ? 'track-error' : 'track-notice'}
          >
            {shown.text}
          </p>
        )}
        <button type="submit" className="ov-button" disabled={busy} data-testid="track-submit">
          {busy ? 'Looking up…' : 'Track order'}
        </button>
      </form>
    </>
  );
}
