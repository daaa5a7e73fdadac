import type { CsvPreview } from './csv-preview.js';

/** The head of the chosen file, as the browser read it (spec 000 §5: first 10 rows). */
export function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  return (
    <div className="me-table-wrap">
      <table className="me-table me-table--compact" data-testid="csv-preview-table">
        <thead>
          <tr>
            {preview.headers.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {preview.headers.map((_header, index) => (
                <td key={index}>{row[index] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
