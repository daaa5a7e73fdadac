import type { ReactNode } from 'react';
import './pages.css';

interface MarketingPageProps {
  title: string;
  testId: string;
  children?: ReactNode;
}

/** The frame of a public page: a title and its content, inside the shell's header and footer. */
export function MarketingPage({ title, testId, children }: MarketingPageProps) {
  return (
    <main className="ov-page mk-page" data-testid={testId}>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

/** Said plainly on pages whose content arrives in a later release. */
export function NotYetAvailable({ what }: { what: string }) {
  return <p className="ov-alert ov-alert--info">{what} will be published here soon.</p>;
}
