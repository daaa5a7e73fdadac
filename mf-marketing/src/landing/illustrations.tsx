// Product illustrations drawn with HTML and CSS (landing.css), so they stay sharp and weigh almost
// nothing. They are decorative: the text beside each says the same in words.

const timeline = [
  { label: 'Order placed', when: 'Mon 09:12', done: true },
  { label: 'Shipped with Royal Mail', when: 'Tue 16:40', done: true },
  { label: 'Out for delivery', when: 'Today', done: true },
  { label: 'Delivered', when: '', done: false },
];

/** A buyer's tracking card: order, status and timeline. */
export function TrackingCardIllustration() {
  return (
    <div className="mk-art mk-art--tracking" aria-hidden="true">
      <div className="mk-art__head">
        <span className="mk-art__title">Order #1042</span>
        <span className="mk-art__pill mk-art__pill--shipped">Shipped</span>
      </div>
      <p className="mk-art__meta">Handmade ceramic mug × 2 · Tracking RM 2048 5521 GB</p>
      <ol className="mk-art__timeline">
        {timeline.map((step) => (
          <li key={step.label} className={step.done ? 'is-done' : undefined}>
            <span>{step.label}</span>
            <small>{step.when}</small>
          </li>
        ))}
      </ol>
      <div className="mk-art__note">“Packed with care. Thank you for shopping small!”</div>
    </div>
  );
}

const orders = [
  { number: '#1045', buyer: 'A. Patel', status: 'Processing', kind: 'processing' },
  { number: '#1044', buyer: 'J. Okafor', status: 'Shipped', kind: 'shipped' },
  { number: '#1043', buyer: 'M. Lewis', status: 'Delivered', kind: 'delivered' },
];

/** A seller's workspace: a few orders and a week of sales. */
export function WorkspaceIllustration() {
  return (
    <div className="mk-art mk-art--workspace" aria-hidden="true">
      <div className="mk-art__bars">
        {[40, 65, 50, 80, 70, 95, 60].map((height, day) => (
          <span key={day} style={{ height: `${height}%` }} />
        ))}
      </div>
      <ul className="mk-art__orders">
        {orders.map((order) => (
          <li key={order.number}>
            <span>{order.number}</span>
            <span>{order.buyer}</span>
            <span className={`mk-art__pill mk-art__pill--${order.kind}`}>{order.status}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A buyer's question and the seller's reply. */
export function ConversationIllustration() {
  return (
    <div className="mk-art mk-art--conversation" aria-hidden="true">
      <p className="mk-art__bubble">Hi! Will my order arrive before Saturday?</p>
      <p className="mk-art__bubble mk-art__bubble--reply">
        Yes, it is out for delivery today. Enjoy!
      </p>
    </div>
  );
}
