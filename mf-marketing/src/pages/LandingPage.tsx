import { Link } from 'react-router';
import type { RemotePage } from '@onvelope/ui';
import './pages.css';

/** Landing page (spec 001 §2): links to /track, /login, /features and /customer-register. */
const LandingPage: RemotePage<'mf_marketing/LandingPage'> = () => (
  <main className="mk-landing" data-testid="landing-page">
    <section className="mk-hero">
      <div className="ov-page">
        <p className="mk-eyebrow">Order tracking for online sellers and their buyers</p>
        <h1>Every order, on the same page.</h1>
        <p className="mk-hero__lead">
          Sellers import, ship and answer questions about their orders in one workspace. Buyers
          follow their parcels with an email, a postcode and an order number, with no account
          needed.
        </p>
        <div className="mk-actions">
          <Link to="/track" className="ov-button" data-testid="landing-track-link">
            Track your order
          </Link>
          <Link to="/login" className="ov-button ov-button--secondary">
            Seller sign in
          </Link>
        </div>
      </div>
    </section>
    <section className="ov-page mk-columns">
      <article className="ov-card">
        <h2>For buyers</h2>
        <p>
          Look up any order without signing in, or keep all your orders, notes and questions to the
          seller in one place with a buyer account.
        </p>
        <Link to="/customer-register">Create a buyer account</Link>
      </article>
      <article className="ov-card">
        <h2>For sellers</h2>
        <p>
          Bring orders in from a CSV file or your Big Cartel store, mark them shipped, set keyword
          messages and see where your buyers are. Start with a 7-day free trial; no credit card
          needed.
        </p>
        <Link to="/features">See all features</Link>
      </article>
    </section>
  </main>
);

export default LandingPage;
