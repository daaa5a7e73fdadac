import { Link } from '@onvelope/router';
import type { RemotePage } from '@onvelope/ui';
import { QuickTrackForm } from '../components/QuickTrackForm.js';
import { buyerSignUpPath } from '../domain/buyer-entry-points.js';
import { DeferredTrialOffer } from '../landing/DeferredTrialOffer.js';
import {
  ConversationIllustration,
  TrackingCardIllustration,
  WorkspaceIllustration,
} from '../landing/illustrations.js';
import type { PageMeta } from '../seo/page-meta.js';
import { usePageMeta } from '../seo/use-page-meta.js';
import '../landing/landing.css';
import './pages.css';

const meta: PageMeta = {
  title: 'Order tracking for online sellers and their buyers',
  description:
    'Sellers import, ship and answer questions about their orders in one workspace; buyers track any order with an email, a postcode and an order number. 7-day free trial.',
};

const sellerGets = [
  'Orders from a CSV file or your Big Cartel store',
  'Shipping updates your buyers see at once',
  'Custom messages by product keyword',
  'One inbox for buyer questions, plus reports and analytics',
];

const buyerGets = [
  'Track any order with no account needed',
  'Ask the seller a question from the tracking page',
  'A free account to keep every order in one place',
];

const steps = [
  { title: 'Bring your orders in', text: 'Upload a spreadsheet or connect your store.' },
  { title: 'Ship and update', text: 'Add the courier and tracking number in a few clicks.' },
  { title: 'Buyers follow along', text: 'They track the order and ask you, not your inbox.' },
];

/**
 * Landing page (spec 001 §2): what sellers and buyers get, the tracking lookup and the trial offer;
 * links to /track, /login, /features and /customer-register.
 */
const LandingPage: RemotePage<'mf_marketing/LandingPage'> = () => {
  usePageMeta(meta);
  return (
    <main className="mk-landing" data-testid="landing-page">
      <section className="mk-hero" aria-labelledby="hero-title">
        <div className="ov-page mk-hero__grid">
          <div className="mk-hero__copy">
            <p className="mk-eyebrow">Order tracking for online sellers and their buyers</p>
            <h1 id="hero-title">Every order, on the same page.</h1>
            <p className="mk-hero__lead">
              Sellers import, ship and answer questions about their orders in one workspace. Buyers
              follow their parcels with an email, a postcode and an order number.
            </p>
            <div className="mk-actions">
              <Link to="/register" className="ov-button mk-button--large">
                Start your free trial
              </Link>
              <Link to="/login" className="ov-button ov-button--secondary mk-button--large">
                Seller sign in
              </Link>
            </div>
          </div>
          <div className="mk-hero__lookup ov-card">
            <h2>Track your order</h2>
            <p>Use the details from your order confirmation.</p>
            <QuickTrackForm
              name="Track your order"
              submitLabel="Track order"
              testIdPrefix="landing-track"
            />
            <TrackingCardIllustration />
          </div>
        </div>
      </section>

      <section className="ov-page mk-audiences" aria-label="What you get">
        <article className="ov-card mk-audience" data-testid="landing-sellers">
          <WorkspaceIllustration />
          <h2>For sellers</h2>
          <Checklist items={sellerGets} />
          <Link to="/features" data-testid="landing-features-link">
            See all features
          </Link>
        </article>
        <article className="ov-card mk-audience" data-testid="landing-buyers">
          <ConversationIllustration />
          <h2>For buyers</h2>
          <Checklist items={buyerGets} />
          <div className="mk-actions">
            <Link to="/track" data-testid="landing-track-link">
              Track your order
            </Link>
            <Link to={buyerSignUpPath} data-testid="landing-buyer-signup-link">
              Create a buyer account
            </Link>
          </div>
        </article>
      </section>

      <section className="ov-page mk-steps" aria-labelledby="steps-title">
        <h2 id="steps-title">How it works</h2>
        <ol>
          {steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="ov-page">
        <DeferredTrialOffer />
      </div>
    </main>
  );
};

export default LandingPage;

function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="mk-checklist">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
