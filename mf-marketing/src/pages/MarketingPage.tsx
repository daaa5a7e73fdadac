import type { ReactNode } from 'react';
import type { PageMeta } from '../seo/page-meta.js';
import { usePageMeta } from '../seo/use-page-meta.js';
import './pages.css';

interface MarketingPageProps {
  title: string;
  /** The document's title and description (its title may be shorter than the heading). */
  meta: PageMeta;
  testId: string;
  /** A class for the page's own layout (e.g. `mk-pricing`). */
  className?: string;
  /** A line under the title. */
  lead?: string;
  children?: ReactNode;
}

/**
 * The frame of a public page: a title and its content, inside the shell's header and footer. It also
 * gives the document the page's title, description, Open Graph tags and canonical link.
 */
export function MarketingPage({
  title,
  meta,
  testId,
  className,
  lead,
  children,
}: MarketingPageProps) {
  usePageMeta(meta);
  return (
    <main
      className={className ? `ov-page mk-page ${className}` : 'ov-page mk-page'}
      data-testid={testId}
    >
      <h1>{title}</h1>
      {lead && <p className="mk-page__lead">{lead}</p>}
      {children}
    </main>
  );
}
