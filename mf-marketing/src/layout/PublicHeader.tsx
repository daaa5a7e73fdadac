import { useEffect, useRef, useState } from 'react';
import { Link } from '@onvelope/router';
import type { RemotePage } from '@onvelope/ui';
import { QuickTrackForm } from '../components/QuickTrackForm.js';
import './layout.css';

const navLinks = [
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
  { to: '/track', label: 'Track Order' },
  { to: '/contact', label: 'Contact' },
  { to: '/login', label: 'Login' },
];

/** Public header (spec 001 §2): links, Sign Up, Quick Track; the mobile menu has the same content. */
const PublicHeader: RemotePage<'mf_marketing/PublicHeader'> = () => {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    // Escape closes the menu from anywhere in it, and the keyboard carries on from the Menu button.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="mk-header" data-testid="public-header">
      <div className="mk-header__bar">
        <Link to="/" className="mk-brand" onClick={close}>
          <span className="mk-logo-mark" aria-hidden="true" />
          <span>ONVELOPE</span>
        </Link>
        <div className="mk-header__desktop">
          <HeaderContent onNavigate={close} />
        </div>
        <button
          ref={toggle}
          type="button"
          className="mk-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mk-mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
          data-testid="menu-toggle"
        >
          <span className={menuOpen ? 'mk-menu-icon mk-menu-icon--open' : 'mk-menu-icon'} />
          {menuOpen ? 'Close' : 'Menu'}
        </button>
      </div>
      {menuOpen && (
        <div id="mk-mobile-menu" className="mk-header__mobile" data-testid="mobile-menu">
          <HeaderContent onNavigate={close} />
        </div>
      )}
    </header>
  );
};

export default PublicHeader;

function HeaderContent({ onNavigate }: { onNavigate: () => void }) {
  return (
    <>
      <nav className="mk-nav" aria-label="Main">
        {navLinks.map((link) => (
          <Link key={link.to} to={link.to} onClick={onNavigate}>
            {link.label}
          </Link>
        ))}
        <Link to="/register" className="ov-button mk-signup" onClick={onNavigate}>
          Sign Up
        </Link>
      </nav>
      <QuickTrackForm
        name="Quick Track"
        submitLabel="Quick Track"
        testIdPrefix="quick-track"
        onNavigate={onNavigate}
      />
    </>
  );
}
