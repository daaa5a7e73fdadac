/** The buyer's side panel: what a buyer account is for (the trial is a seller's matter). */
export function BuyerPanel() {
  return (
    <aside className="ov-auth__panel" data-testid="buyer-panel">
      <h2>Your orders in one place</h2>
      <ul>
        <li>Follow every order from the shops that use ONVELOPE</li>
        <li>Ask a seller about an order and keep the answers</li>
        <li>Free for buyers</li>
      </ul>
    </aside>
  );
}
