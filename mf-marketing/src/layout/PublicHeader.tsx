import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@onvelope/router';
import { logout, type RemotePage } from '@onvelope/ui';
import { QuickTrackForm } from '../components/QuickTrackForm.js';
import { accountLinksOf, type AccountLinks, type PageLink } from '../domain/visitor.js';
import { useVisitor } from './use-visitor.js';
import './layout.css';

const navLinks: PageLink[] = [
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
  { to: '/track', label: 'Track Order' },
  { to: '/contact', label: 'Contact' },
];

/**
 * Public header (spec 001 §2): links, Login and Sign Up (for a signed-in visitor their own home and
 * Log out instead), Quick Track; the mobile menu has the same content.
 */
const PublicHeader: RemotePage<'mf_marketing/PublicHeader'> = () => {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => setMenuOpen(false);
  const [visitor, setVisitor] = useVisitor();
  const navigate = useNavigate();
  const signOut = () => {
    logout();
    setVisitor('guest');
    close();
    void navigate('/');
  };
  const account = accountLinksOf(visitor);

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
          <HeaderContent account={account} onNavigate={close} onSignOut={signOut} />
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
          <HeaderContent account={account} onNavigate={close} onSignOut={signOut} />
        </div>
      )}
    </header>
  );
};

export default PublicHeader;

function HeaderContent({
  account,
  onNavigate,
  onSignOut,
}: {
  account: AccountLinks;
  onNavigate: () => void;
  onSignOut: () => void;
}) {
  const links = account.signIn ? [...navLinks, account.signIn] : navLinks;
  return (
    <>
      <nav className="mk-nav" aria-label="Main">
        {links.map((link) => (
          <Link key={link.to} to={link.to} onClick={onNavigate}>
            {link.label}
          </Link>
        ))}
        {account.signOut && (
          <button
            type="button"
            className="mk-nav__sign-out"
            onClick={onSignOut}
            data-testid="header-sign-out"
          >
            Log out
          </button>
        )}
        <Link
          to={account.main.to}
          className="ov-button mk-signup"
          onClick={onNavigate}
          data-testid="header-account-link"
        >
          {account.main.label}
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
