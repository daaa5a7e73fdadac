import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RemotePage } from '@onvelope/ui';
import { quickTrackPath } from '../domain/quick-track.js';
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
  const close = () => setMenuOpen(false);

  return (
    <header className="mk-header" data-testid="public-header">
      <div className="mk-header__bar">
        <Link to="/" className="mk-brand" onClick={close}>
          ONVELOPE
        </Link>
        <div className="mk-header__desktop">
          <HeaderContent onNavigate={close} />
        </div>
        <button
          type="button"
          className="mk-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mk-mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close' : 'Menu'}
        </button>
      </div>
      {menuOpen && (
        <div id="mk-mobile-menu" className="mk-header__mobile">
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
      <QuickTrackForm onNavigate={onNavigate} />
    </>
  );
}

function QuickTrackForm({ onNavigate }: { onNavigate: () => void }) {
  const navigate = useNavigate();
  const [fields, setFields] = useState({ order: '', email: '', postcode: '' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onNavigate();
    void navigate(quickTrackPath(fields));
  }

  const input = (name: keyof typeof fields, placeholder: string, type = 'text') => (
    <input
      type={type}
      aria-label={placeholder}
      placeholder={placeholder}
      value={fields[name]}
      onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
      data-testid={`quick-track-${name}`}
    />
  );

  return (
    <form className="mk-quick-track" onSubmit={submit} data-testid="quick-track-form">
      {input('order', 'Order number')}
      {input('email', 'Email', 'email')}
      {input('postcode', 'Postcode')}
      <button type="submit" className="ov-button ov-button--secondary">
        Quick Track
      </button>
    </form>
  );
}
