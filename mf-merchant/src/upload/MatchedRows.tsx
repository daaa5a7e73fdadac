import type { ReactNode } from 'react';
import type { ImportPreview, PreviewOrder } from '@onvelope/contracts';

/** A cell's content: text, or the buyer's name over their e-mail (one cell keeps the row narrow). */
type Cell = (order: PreviewOrder) => ReactNode;

const columns: [string, Cell][] = [
  ['Order', (order) => order.orderNumber],
  [
    'Buyer',
    (order) =>
      (order.buyerName || order.email) && (
        <>
          {order.buyerName}
          {order.email && <span className="me-matched__email">{order.email}</span>}
        </>
      ),
  ],
  ['Postcode', (order) => order.postcode],
  ['Date', (order) => order.orderDate],
  ['Status', (order) => order.status || 'pending'],
  ['Items', (order) => order.items],
  ['Total', (order) => [order.orderTotal, order.currency].filter(Boolean).join(' ')],
];

/**
 * "What your first rows become" (issue 39): each previewed row as the order it would be stored as,
 * and the import's own messages for it in red under it. A phone shows each row as a small card
 * (upload.css), its cells named by `data-label`.
 */
export function MatchedRows({ rows }: { rows: ImportPreview['rows'] }) {
  if (rows.length === 0) {
    return <p className="me-muted">The file has no rows under its header.</p>;
  }
  return (
    <div className="me-table-wrap">
      <table className="me-table me-table--compact me-matched" data-testid="matched-rows">
        <thead>
          <tr>
            {columns.map(([label]) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <MatchedRow key={row.line} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One previewed row: the order it becomes, with the import's messages for it under it; a row the
 * import refuses is only its messages.
 */
function MatchedRow({ row }: { row: ImportPreview['rows'][number] }) {
  const { order, errors } = row;
  const messages = errors.length > 0 && (
    <tr className="me-matched__errors" data-testid={order ? undefined : 'matched-row'}>
      <td colSpan={columns.length} data-testid="matched-row-errors">
        Line {row.line}
        {order ? '' : ', not imported'}: {errors.join('; ')}
      </td>
    </tr>
  );
  if (!order) {
    return (
      messages || (
        <tr data-testid="matched-row">
          <td colSpan={columns.length} className="me-muted">
            Line {row.line}: not an order until the required columns are chosen
          </td>
        </tr>
      )
    );
  }
  return (
    <>
      <tr
        className={errors.length ? 'me-matched__row me-matched__row--failing' : 'me-matched__row'}
        data-testid="matched-row"
      >
        {columns.map(([label, cell], index) => (
          <td key={label} data-label={label}>
            {cell(order) || <span className="me-muted">—</span>}
            {index === 0 && <span className="me-matched__line">line {row.line}</span>}
          </td>
        ))}
      </tr>
      {messages}
    </>
  );
}
