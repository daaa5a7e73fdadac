/**
 * What a public page tells browsers, search engines and link previews about itself. Each page holds
 * its own, so a page's chunk carries no other page's texts.
 */
export interface PageMeta {
  /** The page's own part of the title; the site name is added by `documentTitle`. */
  title: string;
  description: string;
}

export const siteName = 'ONVELOPE';

/** 'Features | ONVELOPE'; the landing page's title is the site's own tagline. */
export function documentTitle(path: string, pageTitle: string): string {
  return path === '/' ? `${siteName}: ${pageTitle}` : `${pageTitle} | ${siteName}`;
}
