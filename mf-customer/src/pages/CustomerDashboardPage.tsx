import { useNavigate } from 'react-router';
import { logout, readCustomerSession, type RemotePage } from '@onvelope/ui';
import './customer.css';

/** Buyer portal (spec 001 §2). The shell's guard lets only signed-in buyers reach it. */
const CustomerDashboardPage: RemotePage<'mf_customer/CustomerDashboardPage'> = () => {
  const navigate = useNavigate();
  const info = readCustomerSession()?.customerInfo;
  const name = [info?.firstName, info?.lastName].filter(Boolean).join(' ') || info?.email;

  return (
    <main className="ov-page" data-testid="customer-dashboard-page">
      <header className="cu-portal-header">
        <h1>My orders</h1>
        {name && <p data-testid="customer-name">{name}</p>}
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => {
            logout();
            void navigate('/login');
          }}
        >
          Logout
        </button>
      </header>
      <p className="ov-alert ov-alert--info">Claimed orders are not available yet.</p>
    </main>
  );
};

export default CustomerDashboardPage;
