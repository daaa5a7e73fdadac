import { Link } from '@onvelope/router';
import type { RemotePage } from '@onvelope/ui';
import { buyerPortalPath } from '../domain/buyer-entry-points.js';
import { mailboxes } from '../domain/mailboxes.js';
import './layout.css';

// spec 001 §2 (footer): /about, /contact, /features, /track, /customer, /login, /register, /privacy,
// /terms; the Customer Portal opens the portal (a visitor signs in as a buyer first).
const footerColumns = [
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/features', label: 'Features' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Buyers',
    links: [
      { to: '/track', label: 'Track Order' },
      { to: '/customer', label: 'Order Lookup' },
      { to: buyerPortalPath, label: 'Customer Portal' },
    ],
  },
  {
    title: 'Sellers',
    links: [
      { to: '/login', label: 'Login' },
      { to: '/register', label: 'Register' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
];

/** Shared footer (spec 001 §2): page links plus the support, business, privacy and legal mailboxes. */
const PublicFooter: RemotePage<'mf_marketing/PublicFooter'> = () => (
  <footer className="mk-footer" data-testid="public-footer">
    <div className="mk-footer__inner">
      <div className="mk-footer__brand">
        <Link to="/" className="mk-brand mk-brand--inverse">
          <span className="mk-logo-mark" aria-hidden="true" />
          <span>ONVELOPE</span>
        </Link>
        <p>Order tracking for online sellers and their buyers.</p>
      </div>
      <nav aria-label="Footer" className="mk-footer__columns">
        {footerColumns.map((column) => (
          <div key={column.title}>
            <h2 className="mk-footer__title">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <ul className="mk-footer__mail" aria-label="Email us">
        {Object.values(mailboxes).map((box) => (
          <li key={box.address}>
            {box.label}: <a href={`mailto:${box.address}`}>{box.address}</a>
          </li>
        ))}
      </ul>
      <p className="mk-footer__note">
        © {new Date().getFullYear()} ONVELOPE Ltd, registered in England and Wales.
      </p>
    </div>
  </footer>
);

export default PublicFooter;
