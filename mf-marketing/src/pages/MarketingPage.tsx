import type { ReactNode } from 'react';
import './pages.css';

interface MarketingPageProps {
  title: string;
  testId: string;
  /** A class for the page's own layout (e.g. `mk-pricing`). */
  className?: string;
  children?: ReactNode;
}

/** The frame of a public page: a title and its content, inside the shell's header and footer. */
export function MarketingPage({ title, testId, className, children }: MarketingPageProps) {
  return (
    <main
      className={className ? `ov-page mk-page ${className}` : 'ov-page mk-page'}
      data-testid={testId}
    >
      <h1>{title}</h1>
      {children}
    </main>
  );
}

/** Said plainly on pages whose content arrives in a later release. */
export function NotYetAvailable({ what }: { what: string }) {
  return <p className="ov-alert ov-alert--info">{what} will be published here soon.</p>;
}
