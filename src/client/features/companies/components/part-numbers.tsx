import { type SubmitEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { PartNumberRow } from '../../../../shared/api/part-numbers.schemas';
import { formatUnits } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { usePartNumbers, useSavePartNumbers } from '../api/companies';

/** How many of the list the card shows; the download holds them all. */
const SHOWN = 8;

/** The list as the file it is uploaded as: `sku,part_number`, a cell quoted when it holds a comma or quote. */
function partNumbersCsv(rows: readonly PartNumberRow[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return ['sku,part_number', ...rows.map((row) => `${cell(row.sku)},${cell(row.partNumber)}`)].join('\r\n');
}

/**
 * The company's own part numbers for the shop's SKUs (DESIGN §11): every colleague sees them and may
 * download them; its admins replace the whole list from a spreadsheet's CSV. Quick order, saved lists
 * and the cart take the numbers, and orders, invoices and exports show them.
 */
export function PartNumbers({ manages }: { manages: boolean }) {
  const list = usePartNumbers();
  const save = useSavePartNumbers();
  const id = useId();
  const [csv, setCsv] = useState('');
  const rows = list.data?.rows ?? [];

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(
      { csv },
      {
        onSuccess: (saved) => {
          setCsv('');
          notify.success(`Your list now holds ${formatUnits(saved.rows.length)} part numbers`);
        },
      },
    );
  }

  const download = () => {
    const url = URL.createObjectURL(new Blob([partNumbersCsv(rows)], { type: 'text/csv' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'part-numbers.csv' });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Card className="shadow-sm mb-4" style={{ maxWidth: 720 }}>
      <Card.Body className="p-4">
        <h3 className="h5" id={`${id}-title`}>
          Your part numbers
        </h3>
        <p className="small text-secondary">
          Your own numbers for our SKUs: type them in quick order or a list file instead of ours, and find
          them on your cart, orders and invoices.
        </p>
        {list.error && <Alert variant="danger">{list.error.message}</Alert>}
        {list.data && rows.length === 0 && <p className="mb-3">No part numbers yet.</p>}
        {rows.length > 0 && (
          <>
            <div className="table-responsive">
              <table className="table table-sm mb-2" aria-labelledby={`${id}-title`}>
                <thead>
                  <tr>
                    <th scope="col">Our SKU</th>
                    <th scope="col">Your part number</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.slice(0, SHOWN).map((row) => (
                    <tr key={row.sku} data-testid="part-number">
                      <td className="font-monospace">{row.sku}</td>
                      <td className="font-monospace">{row.partNumber}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="small mb-3">
              {rows.length > SHOWN
                ? `${formatUnits(SHOWN)} of ${formatUnits(rows.length)} shown. `
                : `${formatUnits(rows.length)} in all. `}
              <Button variant="link" size="sm" className="p-0 align-baseline" onClick={download}>
                Download them all (CSV)
              </Button>
            </p>
          </>
        )}
        {manages && (
          <Form noValidate onSubmit={onSubmit} aria-label="Replace your part numbers">
            <Form.Group className="mb-2" controlId={`${id}-file`}>
              <Form.Label>A CSV file with the columns sku,part_number</Form.Label>
              <Form.Control
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => {
                  const file = (event.target as HTMLInputElement).files?.[0];
                  if (file) void file.text().then(setCsv);
                }}
              />
            </Form.Group>
            <Form.Group className="mb-2" controlId={`${id}-text`}>
              <Form.Label>or paste its rows</Form.Label>
              <Form.Control
                as="textarea"
                rows={4}
                className="font-monospace"
                placeholder={'sku,part_number\nFT-BIT-5MM,ACME-00417'}
                value={csv}
                onChange={(event) => setCsv(event.target.value)}
              />
              <Form.Text>The file replaces the whole list; a file with a bad line changes nothing.</Form.Text>
            </Form.Group>
            {save.error && (
              <Alert variant="danger" className="text-break">
                {save.error.message}
              </Alert>
            )}
            <Button type="submit" variant="outline-dark" disabled={save.isPending || csv.trim() === ''}>
              Replace the list
            </Button>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
