import { useEffect } from 'react';
import { useLocation } from '@onvelope/router';
import { documentTitle, siteName, type PageMeta } from './page-meta.js';

type HeadTag = { selector: string; create: () => HTMLElement; attribute: string };

const metaTag = (key: 'name' | 'property', value: string): HeadTag => ({
  selector: `meta[${key}="${value}"]`,
  create: () => {
    const element = document.createElement('meta');
    element.setAttribute(key, value);
    return element;
  },
  attribute: 'content',
});

const canonicalTag: HeadTag = {
  selector: 'link[rel="canonical"]',
  create: () => {
    const element = document.createElement('link');
    element.rel = 'canonical';
    return element;
  },
  attribute: 'href',
};

/**
 * Sets a head tag's value and answers how to put back what was there: the shell's own tags
 * (index.html's description) return to their value, tags this page added are removed, so pages of
 * the other remotes never show a marketing page's tags.
 */
function setHeadTag(tag: HeadTag, value: string): () => void {
  const existing = document.head.querySelector<HTMLElement>(tag.selector);
  const element = existing ?? document.head.appendChild(tag.create());
  const previous = existing?.getAttribute(tag.attribute) ?? null;
  element.setAttribute(tag.attribute, value);
  return () => {
    if (previous === null) element.remove();
    else element.setAttribute(tag.attribute, previous);
  };
}

/**
 * Gives the document the page's title, meta description, Open Graph tags and canonical link (at the
 * current path) for as long as the page is shown.
 */
export function usePageMeta({ title: pageTitle, description }: PageMeta): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const title = documentTitle(pathname, pageTitle);
    const url = `${window.location.origin}${pathname}`;
    const previousTitle = document.title;
    document.title = title;
    const restores = [
      setHeadTag(metaTag('name', 'description'), description),
      setHeadTag(metaTag('property', 'og:title'), title),
      setHeadTag(metaTag('property', 'og:description'), description),
      setHeadTag(metaTag('property', 'og:type'), 'website'),
      setHeadTag(metaTag('property', 'og:site_name'), siteName),
      setHeadTag(metaTag('property', 'og:url'), url),
      setHeadTag(canonicalTag, url),
    ];
    return () => {
      document.title = previousTitle;
      for (const restore of restores.reverse()) restore();
    };
  }, [pathname, pageTitle, description]);
}
