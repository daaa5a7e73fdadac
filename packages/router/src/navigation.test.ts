import { describe, expect, it } from 'vitest';
import { isRouterClick, scrollTargetOf, searchTarget, type LinkClick } from './navigation.js';

const plain: LinkClick = {
  button: 0,
  defaultPrevented: false,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
};

describe('searchTarget', () => {
  it('keeps the page and writes the query', () => {
    expect(searchTarget('/analytics', { days: '30', limit: '10' })).toBe(
      '/analytics?days=30&limit=10',
    );
    expect(searchTarget('/dashboard', new URLSearchParams('a=1&a=2'))).toBe('/dashboard?a=1&a=2');
  });

  it('leaves no question mark behind when the query is empty', () => {
    expect(searchTarget('/dashboard', new URLSearchParams())).toBe('/dashboard');
    expect(searchTarget('/dashboard', '')).toBe('/dashboard');
  });
});

describe('isRouterClick', () => {
  it('takes a plain left click on an in-site link', () => {
    expect(isRouterClick(plain, '/pricing', {})).toBe(true);
    expect(isRouterClick(plain, '/pricing', { target: '_self' })).toBe(true);
  });

  it('leaves new tabs, other buttons, downloads and handled clicks to the browser', () => {
    expect(isRouterClick({ ...plain, ctrlKey: true }, '/pricing', {})).toBe(false);
    expect(isRouterClick({ ...plain, metaKey: true }, '/pricing', {})).toBe(false);
    expect(isRouterClick({ ...plain, shiftKey: true }, '/pricing', {})).toBe(false);
    expect(isRouterClick({ ...plain, altKey: true }, '/pricing', {})).toBe(false);
    expect(isRouterClick({ ...plain, button: 1 }, '/pricing', {})).toBe(false);
    expect(isRouterClick({ ...plain, defaultPrevented: true }, '/pricing', {})).toBe(false);
    expect(isRouterClick(plain, '/pricing', { target: '_blank' })).toBe(false);
    expect(isRouterClick(plain, '/export.csv', { download: '' })).toBe(false);
  });

  it('leaves other sites and other schemes to the browser', () => {
    expect(isRouterClick(plain, 'https://example.com/', {})).toBe(false);
    expect(isRouterClick(plain, '//example.com/', {})).toBe(false);
    expect(isRouterClick(plain, 'mailto:help@example.com', {})).toBe(false);
  });
});

describe('scrollTargetOf', () => {
  const at = (pathname: string, hash = '') => ({ pathname, hash });

  it('goes to the top of another page', () => {
    expect(scrollTargetOf(at('/features'), at('/terms'))).toEqual({ top: true });
    expect(scrollTargetOf(at('/features', '#buyers'), at('/terms'))).toEqual({ top: true });
  });

  it('goes to the element a new hash names, on this page or another', () => {
    expect(scrollTargetOf(at('/'), at('/terms', '#refunds'))).toEqual({ id: 'refunds' });
    expect(scrollTargetOf(at('/terms'), at('/terms', '#refunds'))).toEqual({ id: 'refunds' });
    expect(scrollTargetOf(at('/terms'), at('/terms', '#caf%C3%A9'))).toEqual({ id: 'café' });
    expect(scrollTargetOf(at('/'), at('/offers', '#100%'))).toEqual({ id: '100%' });
  });

  it('stays where it is for a new query on the same page', () => {
    expect(scrollTargetOf(at('/dashboard'), at('/dashboard'))).toBeUndefined();
    expect(scrollTargetOf(at('/terms', '#refunds'), at('/terms', '#refunds'))).toBeUndefined();
  });
});
