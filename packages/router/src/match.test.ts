import { describe, expect, it } from 'vitest';
import { matchRoute, type FlatRoute } from './match.js';

const route = (path: string): FlatRoute<string> => ({ path, elements: [path] });
const routes = [route('/'), route('/pricing'), route('/help/*'), route('*'), route('/help/faq')];
const shown = (pathname: string) => matchRoute(routes, pathname)?.path;

describe('matchRoute', () => {
  it('shows the route whose path equals the address, wherever it is listed', () => {
    expect(shown('/')).toBe('/');
    expect(shown('/pricing')).toBe('/pricing');
    expect(shown('/help/faq')).toBe('/help/faq');
  });

  it('ignores case and a trailing slash', () => {
    expect(shown('/Pricing/')).toBe('/pricing');
    expect(shown('/PRICING')).toBe('/pricing');
  });

  it('takes the splat route with the longest base for other addresses', () => {
    expect(shown('/help')).toBe('/help/*');
    expect(shown('/help/contact/form')).toBe('/help/*');
    expect(shown('/helpdesk')).toBe('*');
    expect(shown('/pricing/annual')).toBe('*');
  });

  it('shows nothing when no route covers the address', () => {
    expect(matchRoute([route('/a')], '/b')).toBeUndefined();
  });
});
