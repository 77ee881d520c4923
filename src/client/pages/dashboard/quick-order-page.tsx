import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { QuickAddResult } from '../../../shared/api/cart.schemas';
import { MAX_QUICK_ORDER_BYTES, MAX_QUICK_ORDER_ROWS, replaceSku } from '../../../shared/domain/quick-order';
import { paths } from '../../config/paths';
import { useQuickAdd } from '../../features/cart/api/cart';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * /dashboard/quickOrder: paste "SKU quantity" rows copied from a spreadsheet, or choose a
 * CSV file, check them row by row, fix what the shop flags, and add them all to the cart at once.
 */
export function QuickOrderPage() {
  usePageMeta('Quick order');
  const [text, setText] = useState('');
  const [result, setResult] = useState<QuickAddResult | null>(null);
  const quickAdd = useQuickAdd();
  const submit = (body: { text: string; dryRun: boolean }) =>
    quickAdd.mutate(body, {
      onSuccess: (answer) => {
        setResult(answer);
        if (!body.dryRun && answer.added > 0) {
          notify.success(`${answer.added} ${answer.added === 1 ? 'line' : 'lines'} added to your cart`);
        }
      },
    });
  const send = (dryRun: boolean) => submit({ text, dryRun });
  const check = (fixed: string) => submit({ text: fixed, dryRun: true });
  const problems = result?.rows.filter((row) => !row.ok).length ?? 0;
  return (
    <section aria-labelledby="quick-order-heading">
      <h2 id="quick-order-heading" className="h4 mb-3">
        Quick order
      </h2>
      <p className="text-secondary">
        Paste a SKU and a quantity per line, as copied from a spreadsheet (tab, comma, semicolon or spaces
        between them), or choose a CSV file. Up to {MAX_QUICK_ORDER_ROWS} lines; check them first, then add
        them all to your cart.
      </p>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          send(false);
        }}
      >
        <Form.Group className="mb-3" controlId="quick-order-text">
          <Form.Label>SKUs and quantities</Form.Label>
          <Form.Control
            as="textarea"
            rows={8}
            className="font-monospace"
            placeholder={'FT-CLW-16\t250\nFT-DRL-18\t100'}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="quick-order-file">
          <Form.Label>Or a CSV file</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => {
              const file = (event.target as HTMLInputElement).files?.[0];
              if (!file) return;
              if (file.size > MAX_QUICK_ORDER_BYTES) {
                notify.error('A quick order file may be at most 1 MB');
                return;
              }
              void file.text().then(setText);
            }}
          />
        </Form.Group>
        {quickAdd.error && (
          <Alert variant="danger" role="alert">
            {quickAdd.error.message}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2 mb-4">
          <Button
            variant="outline-dark"
            disabled={!text.trim() || quickAdd.isPending}
            onClick={() => send(true)}
          >
            Check the lines
          </Button>
          <Button
            type="submit"
            variant="warning"
            className="fw-semibold"
            disabled={!text.trim() || quickAdd.isPending}
          >
            Add to cart
          </Button>
        </div>
      </Form>
      {result && (
        <>
          <p role="status">
            {result.rows.length} {result.rows.length === 1 ? 'line' : 'lines'} read
            {problems > 0 ? `, ${problems} to fix` : ', all good'}
            {result.added > 0 && `; ${result.added} added to your cart`}.{' '}
            {result.cart.lines.length > 0 && <Link to={paths.cart}>Go to your cart</Link>}
          </p>
          <Table className="align-middle table-stack" aria-label="Quick order lines">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">SKU</th>
                <th scope="col" className="text-end">
                  Quantity
                </th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr key={row.row} data-testid="quick-order-row" className={row.ok ? '' : 'table-warning'}>
                  <td data-label="Line">{row.row}</td>
                  <td data-label="SKU" className="font-monospace text-nowrap">
                    {row.sku}
                  </td>
                  <td data-label="Quantity" className="text-end">
                    {row.quantity ?? '—'}
                  </td>
                  <td data-label="Verdict">
                    <span className="visually-hidden">{row.ok ? 'OK: ' : 'To fix: '}</span>
                    {row.message}
                    {row.suggestions.length > 0 && (
                      <div className="d-flex flex-wrap gap-1 mt-1">
                        {row.suggestions.map((sku) => (
                          <Button
                            key={sku}
                            size="sm"
                            variant="outline-dark"
                            className="font-monospace"
                            aria-label={`Use ${sku} on line ${row.row}`}
                            disabled={quickAdd.isPending}
                            onClick={() => {
                              // The suggestion takes the mistyped SKU's place, and the rows are checked again.
                              const fixed = replaceSku(text, row.row, sku);
                              setText(fixed);
                              check(fixed);
                            }}
                          >
                            {sku}
                          </Button>
                        ))}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </section>
  );
}
