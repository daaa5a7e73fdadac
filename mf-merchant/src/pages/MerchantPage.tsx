import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './merchant.css';

interface MerchantPageProps {
  title: string;
  testId: string;
  /** What is missing, said plainly, for screens whose features arrive in a later release. */
  notice?: string;
  backToDashboard?: boolean;
  children?: ReactNode;
}

/** Frame of a merchant screen that is not built yet: its title, an honest notice and a way back. */
export function MerchantPage({
  title,
  testId,
  notice,
  backToDashboard,
  children,
}: MerchantPageProps) {
  return (
    <main className="ov-page me-page" data-testid={testId}>
      {backToDashboard ? (
        <Link to="/dashboard" className="ov-button ov-button--secondary me-back">
          Back to Dashboard
        </Link>
      ) : (
        <Link to="/" className="me-home">
          ONVELOPE
        </Link>
      )}
      <h1>{title}</h1>
      {notice && <p className="ov-alert ov-alert--info">{notice}</p>}
      {children}
    </main>
  );
}
