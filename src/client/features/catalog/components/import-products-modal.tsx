import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { PRODUCT_CSV_COLUMNS, type ImportReport } from '../../../../shared/api/products.schemas';
import { formatUnits } from '../../../lib/format';
import { useImportProducts } from '../api/import-products';

const plural = (n: number, word: string) => `${formatUnits(n)} ${word}${n === 1 ? '' : 's'}`;

function Summary({ report }: { report: ImportReport }) {
  return (
    <p className="mb-2">
      {plural(report.rows, 'row')}: {formatUnits(report.created)} new, {formatUnits(report.updated)} changed,{' '}
      {formatUnits(report.unchanged)} unchanged
      {report.errors.length > 0 && <>, {plural(report.errors.length, 'problem')}</>}.
    </p>
  );
}

function Problems({ report }: { report: ImportReport }) {
  return (
    <>
      <h3 className="h6 text-danger">Problems: fix them in the file and check it again</h3>
      <Table size="sm" bordered className="table-stack small mb-3">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">SKU</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {report.errors.map((problem) => (
            <tr key={`${problem.line}-${problem.column ?? ''}-${problem.message}`}>
              <td data-label="Line">{problem.line}</td>
              <td data-label="SKU" className="font-monospace">
                {problem.sku ?? '—'}
              </td>
              <td data-label="Problem">{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

function Changes({ report }: { report: ImportReport }) {
  if (report.changes.length === 0) return null;
  const more = report.created + report.updated - report.changes.length;
  return (
    <>
      <h3 className="h6">What it changes</h3>
      <Table size="sm" bordered className="table-stack small mb-0">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">SKU</th>
            <th scope="col">Product</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {report.changes.map((change) => (
            <tr key={change.sku}>
              <td data-label="Line">{change.line}</td>
              <td data-label="SKU" className="font-monospace">
                {change.sku}
              </td>
              <td data-label="Product">{change.name}</td>
              <td data-label="Change">
                {change.action === 'create' ? 'New product' : `Changes ${change.fields.join(', ')}`}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {more > 0 && <p className="small text-secondary mt-1">…and {plural(more, 'more product')}.</p>}
    </>
  );
}

/**
 * Manage Products → Import CSV (DESIGN §9): choose a file, see what it would do and every problem by
 * line (a dry run on the server), then import all of it at once, or nothing.
 */
export function ImportProductsModal({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [setStock, setSetStock] = useState(false);
  const check = useImportProducts();
  const commit = useImportProducts();
  const preview = check.data;
  const done = commit.data;

  function recheck(chosen: File | null, stock: boolean) {
    commit.reset();
    if (chosen) check.mutate({ file: chosen, commit: false, setStock: stock });
    else check.reset();
  }

  const canImport =
    file !== null &&
    preview !== undefined &&
    preview.errors.length === 0 &&
    preview.created + preview.updated > 0;
  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="import-products-title">
      <Modal.Header closeButton closeLabel="Dismiss">
        <Modal.Title as="h2" className="h5" id="import-products-title">
          Import products from CSV
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-secondary">
          One product per row, with the columns {PRODUCT_CSV_COLUMNS.join(', ')}, as the export writes them. A
          row whose SKU exists updates that product (its stock becomes the row&rsquo;s available); a new SKU
          adds one. Price breaks are written <code>100:12.50|500:11.00</code>.
        </p>
        <Form.Group controlId="import-products-file" className="mb-3">
          <Form.Label>CSV file</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const chosen = (event.target as HTMLInputElement).files?.[0] ?? null;
              setFile(chosen);
              recheck(chosen, setStock);
            }}
          />
        </Form.Group>
        <Form.Check
          id="import-products-set-stock"
          className="mb-3"
          label="Also set the stock of existing products to the file's available (a stock-take)"
          checked={setStock}
          onChange={(event) => {
            setSetStock(event.target.checked);
            recheck(file, event.target.checked);
          }}
        />
        <div aria-live="polite">
          {check.isPending && <p>Checking the file…</p>}
          {check.error && <Alert variant="danger">{check.error.message}</Alert>}
          {done ? (
            <Alert variant="success" className="mb-0">
              Imported: {formatUnits(done.created)} new and {formatUnits(done.updated)} changed products.
            </Alert>
          ) : (
            preview && (
              <>
                <Summary report={preview} />
                {preview.errors.length > 0 ? <Problems report={preview} /> : <Changes report={preview} />}
              </>
            )
          )}
          {commit.error && <Alert variant="danger">{commit.error.message}</Alert>}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {done ? 'Close' : 'Cancel'}
        </Button>
        {!done && (
          <Button
            variant="warning"
            disabled={!canImport || commit.isPending}
            onClick={() => file && commit.mutate({ file, commit: true, setStock })}
          >
            {canImport ? `Import ${plural(preview.created + preview.updated, 'product')}` : 'Import'}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
