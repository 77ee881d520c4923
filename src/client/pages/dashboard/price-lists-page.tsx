import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import type { PriceList, PriceListImportReport } from '../../../shared/api/price-lists.schemas';
import { formatDollars } from '../../../shared/money';
import { ConfirmModal, useConfirm } from '../../components/confirm-modal';
import { QueryState } from '../../components/query-state';
import {
  priceListCsvUrl,
  useCreatePriceList,
  useDeletePriceList,
  useImportPriceList,
  usePriceList,
  usePriceLists,
  useSavePriceList,
} from '../../features/pricing/api/price-lists';
import { formatDay } from '../../lib/format';
import { notify } from '../../lib/notify';

type Entry = PriceList['entries'][number];

const validity = (from: string | null, to: string | null) =>
  from || to ? `${from ? formatDay(from) : 'always'} – ${to ? formatDay(to) : 'open-ended'}` : 'Always';

const priceOf = (entry: Entry) =>
  entry.priceTiers
    ? entry.priceTiers.map((tier) => `${tier.minQuantity}+: ${formatDollars(tier.price)}`).join(' · ')
    : `${entry.percentOff ?? 0} % off the list price`;

/** The entries as the API takes them back (a list is saved whole). */
const asBody = (list: PriceList, entries: Entry[]) => ({
  name: list.name,
  validFrom: list.validFrom,
  validTo: list.validTo,
  entries: entries.map((entry) => ({
    sku: entry.sku,
    ...(entry.priceTiers ? { priceTiers: entry.priceTiers } : { percentOff: entry.percentOff ?? 0 }),
    validFrom: entry.validFrom,
    validTo: entry.validTo,
  })),
});

/** A new entry: a SKU at a fixed unit price, or a percentage off its list price. */
function AddEntry({ list }: { list: PriceList }) {
  const save = useSavePriceList(list._id);
  const [sku, setSku] = useState('');
  const [kind, setKind] = useState<'price' | 'percent'>('price');
  const [value, setValue] = useState('');
  const id = (name: string) => `entry-${list._id}-${name}`;
  return (
    <Form
      aria-label={`Add an entry to ${list.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        const entry: Entry = {
          sku: sku.trim().toUpperCase(),
          priceTiers: kind === 'price' ? [{ minQuantity: 1, price: Number(value) }] : null,
          percentOff: kind === 'percent' ? Number(value) : null,
          validFrom: null,
          validTo: null,
        };
        save.mutate(asBody(list, [...list.entries, entry]), {
          onSuccess: () => {
            notify.success(`${list.name}: ${entry.sku} added`);
            setSku('');
            setValue('');
          },
        });
      }}
    >
      <Row className="g-2 align-items-end">
        <Col sm={4}>
          <Form.Group controlId={id('sku')}>
            <Form.Label>SKU</Form.Label>
            <Form.Control
              required
              maxLength={40}
              value={sku}
              onChange={(event) => setSku(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId={id('kind')}>
            <Form.Label>Contract price</Form.Label>
            <Form.Select
              value={kind}
              onChange={(event) => setKind(event.target.value as 'price' | 'percent')}
            >
              <option value="price">Unit price ($)</option>
              <option value="percent">Percent off</option>
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={2}>
          <Form.Group controlId={id('value')}>
            <Form.Label>{kind === 'price' ? 'Price' : 'Percent'}</Form.Label>
            <Form.Control
              type="number"
              required
              min={0.01}
              step="0.01"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={3} className="d-grid">
          <Button type="submit" disabled={save.isPending}>
            Add entry
          </Button>
        </Col>
      </Row>
      {save.error && (
        <Alert variant="danger" className="small mt-2" role="alert">
          {save.error.message}
        </Alert>
      )}
    </Form>
  );
}

/** A CSV of entries: checked first, every problem by line and column; saved only when it has none. */
function ImportCsv({ list }: { list: PriceList }) {
  const importCsv = useImportPriceList(list._id);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<PriceListImportReport | null>(null);
  const run = (commit: boolean) => {
    if (!file) return;
    importCsv.mutate(
      { file, commit },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (answer.committed) notify.success(`${list.name}: ${answer.entries} entries saved from the file`);
        },
      },
    );
  };
  return (
    <div>
      <Row className="g-2 align-items-end">
        <Col sm={6}>
          <Form.Group controlId={`csv-${list._id}`}>
            <Form.Label>Replace the entries from a CSV</Form.Label>
            <Form.Control
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile((event.target as HTMLInputElement).files?.[0] ?? null);
                setReport(null);
              }}
            />
          </Form.Group>
        </Col>
        <Col sm={3} className="d-grid">
          <Button
            variant="outline-primary"
            disabled={!file || importCsv.isPending}
            onClick={() => run(false)}
          >
            Check the file
          </Button>
        </Col>
        <Col sm={3} className="d-grid">
          <Button
            variant="primary"
            disabled={!file || importCsv.isPending || !report || report.errors.length > 0 || report.committed}
            onClick={() => run(true)}
          >
            Save its entries
          </Button>
        </Col>
      </Row>
      {report && (
        <Alert variant={report.errors.length > 0 ? 'danger' : 'success'} className="small mt-2" role="status">
          {report.errors.length > 0 ? (
            <>
              {report.errors.length} {report.errors.length === 1 ? 'problem' : 'problems'}; nothing was saved:
              <ul className="mb-0">
                {report.errors.slice(0, 50).map((problem) => (
                  <li key={`${problem.line}-${problem.column ?? ''}`}>
                    Line {problem.line}
                    {problem.column ? `, ${problem.column}` : ''}: {problem.message}
                  </li>
                ))}
              </ul>
            </>
          ) : report.committed ? (
            `${report.entries} entries saved.`
          ) : (
            `${report.rows} rows, all good: ${report.entries} entries will replace the list’s.`
          )}
        </Alert>
      )}
    </div>
  );
}

/** An entry's Remove: the list saved again without it. */
function RemoveEntry({ list, index }: { list: PriceList; index: number }) {
  const save = useSavePriceList(list._id);
  const entry = list.entries[index];
  if (!entry) return null;
  return (
    <Button
      size="sm"
      variant="link"
      className="text-danger p-0"
      disabled={save.isPending}
      aria-label={`Remove ${entry.sku} from ${list.name}`}
      onClick={() =>
        save.mutate(
          asBody(
            list,
            list.entries.filter((_, at) => at !== index),
          ),
          { onSuccess: () => notify.success(`${list.name}: ${entry.sku} removed`) },
        )
      }
    >
      Remove
    </Button>
  );
}

function PriceListEditor({ listId, onDeleted }: { listId: string; onDeleted: () => void }) {
  const list = usePriceList(listId);
  const remove = useConfirm(useDeletePriceList(), {
    variables: (item: PriceList) => item._id,
    done: (item) => `Price list ${item.name} is deleted`,
  });
  return (
    <QueryState query={list} what="the price list">
      {(data) => (
        <Card body className="mb-3">
          <div className="d-flex flex-wrap gap-2 justify-content-between align-items-baseline mb-2">
            <h3 className="h6 mb-0">
              {data.name}: {data.entries.length} entries
            </h3>
            <div className="d-flex flex-wrap gap-2">
              <a className="btn btn-sm btn-outline-secondary" href={priceListCsvUrl(data._id)}>
                Download CSV
              </a>
              <Button size="sm" variant="outline-danger" onClick={() => remove.ask(data)}>
                Delete list
              </Button>
            </div>
          </div>
          <ConfirmModal
            {...remove.modal}
            onConfirm={() => {
              remove.modal.onConfirm();
              onDeleted();
            }}
            title="Delete this price list?"
            confirmLabel="Delete"
          >
            {remove.item && (
              <p className="mb-0">
                <strong>{remove.item.name}</strong> and its {remove.item.entries.length} entries are deleted;
                the companies holding it pay their other lists’ or the list prices from now on. Orders already
                placed keep their prices.
              </p>
            )}
          </ConfirmModal>
          {data.entries.length > 0 && (
            <Table size="sm" responsive className="table-stack" aria-label={`Entries of ${data.name}`}>
              <thead>
                <tr>
                  <th scope="col">SKU</th>
                  <th scope="col">Contract price</th>
                  <th scope="col">Valid</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.entries.slice(0, 200).map((entry, index) => (
                  <tr key={index} data-testid="price-list-entry">
                    <td data-label="SKU" className="font-monospace">
                      {entry.sku}
                    </td>
                    <td data-label="Contract price">{priceOf(entry)}</td>
                    <td data-label="Valid">{validity(entry.validFrom, entry.validTo)}</td>
                    <td data-label="" className="text-end">
                      <RemoveEntry list={data} index={index} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          {data.entries.length > 200 && (
            <p className="small text-secondary">The first 200 are shown; download the CSV for all of them.</p>
          )}
          <AddEntry list={data} />
          <hr />
          <ImportCsv list={data} />
        </Card>
      )}
    </QueryState>
  );
}

/** A new list: its name and, if it has one, its validity. */
function NewPriceList({ onMade }: { onMade: (listId: string) => void }) {
  const create = useCreatePriceList();
  const [name, setName] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <Form
      aria-label="New price list"
      className="mb-4"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { name, validFrom: from || null, validTo: to || null, entries: [] },
          {
            onSuccess: ({ insertedId }) => {
              notify.success(`Price list ${name} made: add its entries`);
              setName('');
              onMade(insertedId);
            },
          },
        );
      }}
    >
      <Row className="g-2 align-items-end">
        <Col sm={4}>
          <Form.Group controlId="new-list-name">
            <Form.Label>New price list</Form.Label>
            <Form.Control
              required
              maxLength={120}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId="new-list-from">
            <Form.Label>Valid from</Form.Label>
            <Form.Control type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId="new-list-to">
            <Form.Label>Valid to</Form.Label>
            <Form.Control type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </Form.Group>
        </Col>
        <Col sm={2} className="d-grid">
          <Button type="submit" disabled={create.isPending}>
            Create
          </Button>
        </Col>
      </Row>
      {create.error && (
        <Alert variant="danger" className="small mt-2" role="alert">
          {create.error.message}
        </Alert>
      )}
    </Form>
  );
}

/** /dashboard/priceLists (shop admins): contract price lists, their entries and CSV. */
export function PriceListsPage() {
  const lists = usePriceLists();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="price-lists-title">
      <h2 id="price-lists-title" className="h4 mb-3">
        Price lists
      </h2>
      <p className="text-secondary">
        Contract prices for the companies that hold a list: a fixed unit price or a percentage off per SKU.
        Give lists to companies on the Companies page.
      </p>
      <NewPriceList onMade={setOpen} />
      <QueryState query={lists} what="the price lists">
        {(data) =>
          data.length === 0 ? (
            <p className="text-secondary">No price lists yet.</p>
          ) : (
            <>
              <Table responsive className="align-middle table-stack" aria-label="Price lists">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Valid</th>
                    <th scope="col" className="text-end">
                      Entries
                    </th>
                    <th scope="col">Held by</th>
                    <th scope="col">
                      <span className="visually-hidden">Edit</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((list) => (
                    <tr key={list._id} data-testid="price-list">
                      <td data-label="Name">{list.name}</td>
                      <td data-label="Valid">{validity(list.validFrom, list.validTo)}</td>
                      <td data-label="Entries" className="text-end">
                        {list.entryCount}
                      </td>
                      <td data-label="Held by">
                        {list.companies.map((holder) => `${holder.name} (${holder.priority})`).join(', ') ||
                          '—'}
                      </td>
                      <td data-label="" className="text-end">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          aria-expanded={open === list._id}
                          onClick={() => setOpen(open === list._id ? null : list._id)}
                        >
                          {open === list._id ? 'Close' : `Edit ${list.name}`}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {open && <PriceListEditor key={open} listId={open} onDeleted={() => setOpen(null)} />}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
