import { Link } from 'react-router';
import type { RemotePage } from '@onvelope/ui';
import './layout.css';

const footerLinks = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/features', label: 'Features' },
  { to: '/track', label: 'Track Order' },
  { to: '/customer', label: 'Customer Portal' },
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Register' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
];

// The spec names the four mailboxes but not their domain; see README (decisions).
const mailboxes = [
  { label: 'Support', address: 'support@onvelope.com' },
  { label: 'Business', address: 'business@onvelope.com' },
  { label: 'Privacy', address: 'privacy@onvelope.com' },
  { label: 'Legal', address: 'legal@onvelope.com' },
];

/** Shared footer (spec 001 §2): page links plus mailto links. */
const PublicFooter: RemotePage<'mf_marketing/PublicFooter'> = () => (
  <footer className="mk-footer" data-testid="public-footer">
    <div className="mk-footer__inner">
      <nav aria-label="Footer" className="mk-footer__links">
        {footerLinks.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </nav>
      <ul className="mk-footer__mail">
        {mailboxes.map((box) => (
          <li key={box.address}>
            {box.label}: <a href={`mailto:${box.address}`}>{box.address}</a>
          </li>
        ))}
      </ul>
      <p className="mk-footer__note">
        © ONVELOPE. Order tracking for online sellers and their buyers.
      </p>
    </div>
  </footer>
);

export default PublicFooter;
