/** The head of the chosen file as it is, cell by cell (spec 000 §5: first 10 rows). */
export function CsvPreviewTable({ headers, rows }: { headers: string[]; rows: string[][] }) {
  return (
    <div className="me-table-wrap">
      <table className="me-table me-table--compact" data-testid="csv-preview-table">
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {headers.map((_header, index) => (
                <td key={index}>{row[index] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
