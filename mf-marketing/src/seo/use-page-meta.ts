import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle, pageMetaOf, siteName } from './page-meta.js';

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
 * The document title, meta description, Open Graph tags and canonical link of the public page at the
 * current path (`pageMetaByPath`), for as long as the page is shown.
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const meta = pageMetaOf(pathname);
    const title = documentTitle(pathname, meta);
    const url = `${window.location.origin}${pathname}`;
    const previousTitle = document.title;
    document.title = title;
    const restores = [
      setHeadTag(metaTag('name', 'description'), meta.description),
      setHeadTag(metaTag('property', 'og:title'), title),
      setHeadTag(metaTag('property', 'og:description'), meta.description),
      setHeadTag(metaTag('property', 'og:type'), 'website'),
      setHeadTag(metaTag('property', 'og:site_name'), siteName),
      setHeadTag(metaTag('property', 'og:url'), url),
      setHeadTag(canonicalTag, url),
    ];
    return () => {
      document.title = previousTitle;
      for (const restore of restores.reverse()) restore();
    };
  }, [pathname]);
}
