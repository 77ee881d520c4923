import { useState } from 'react';
import { SkuLabel } from '../../components/sku-label';
import { companyRolesAllow } from '../../../shared/domain/company-roles';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams } from 'react-router';
import type { AddToListResult, SavedList } from '../../../shared/api/lists.schemas';
import { ContractPrice } from '../../components/contract-price';
import { formatDollars } from '../../../shared/money';
import { ConfirmModal, useConfirm } from '../../components/confirm-modal';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useCompany } from '../../features/companies/api/companies';
import { ListToCartButton } from '../../features/cart/components/list-to-cart-button';
import {
  useAddToList,
  useDeleteList,
  useList,
  useRemoveListLine,
  useRenameList,
  useSetListLine,
} from '../../features/lists/api/lists';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';

type Line = SavedList['lines'][number];

/** A line's quantity, changed in place. */
function QuantityForm({ list, line }: { list: SavedList; line: Line & { toolId: string } }) {
  const setLine = useSetListLine();
  const [typed, setTyped] = useState(String(line.quantity));
  return (
    <Form
      className="d-flex gap-1"
      aria-label={`Units of ${line.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        setLine.mutate({ listId: list._id, toolId: line.toolId, quantity: Number(typed) });
      }}
    >
      <Form.Control
        size="sm"
        type="number"
        inputMode="numeric"
        min={1}
        style={{ maxWidth: '7rem' }}
        aria-label={`Units of ${line.name}`}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit" size="sm" variant="outline-dark" disabled={setLine.isPending}>
        Set
      </Button>
    </Form>
  );
}

function Lines({ list, changes }: { list: SavedList; changes: boolean }) {
  const remove = useRemoveListLine();
  if (list.lines.length === 0) return <p className="text-secondary">No lines yet: add some below.</p>;
  return (
    <Table responsive striped className="align-middle bg-white table-stack" aria-label="Lines of the list">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Units</th>
          <th scope="col">Unit price today</th>
          <th scope="col">Today</th>
          {changes && (
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {list.lines.map((line, index) => (
          <tr key={line.toolId ?? `gone-${index}`} data-testid="list-line">
            <td data-label="Product" className="text-break">
              <div>
                {line.name}
                {line.sku && (
                  <div className="small text-secondary font-monospace">
                    <SkuLabel sku={line.sku} partNumber={line.partNumber} />
                  </div>
                )}
              </div>
            </td>
            <td data-label="Units">
              {changes && line.toolId ? (
                <QuantityForm list={list} line={{ ...line, toolId: line.toolId }} />
              ) : (
                line.quantity
              )}
            </td>
            <td data-label="Unit price today">
              {line.unitPrice === null ? (
                '—'
              ) : (
                <>
                  {formatDollars(line.unitPrice)}
                  {line.unitPrice !== line.savedUnitPrice && (
                    <div className="small text-secondary">was {formatDollars(line.savedUnitPrice)}</div>
                  )}
                  {line.priceList && (
                    <ContractPrice list={line.priceList} unitPrice={line.unitPrice} listUnitPrice={null} />
                  )}
                </>
              )}
            </td>
            <td data-label="Today">
              {line.problem ? (
                <span className="small text-danger">{line.problem}</span>
              ) : (
                <span className="small text-success">Ready</span>
              )}
            </td>
            {changes && (
              <td data-label="">
                {line.toolId && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove ${line.name}`}
                    disabled={remove.isPending}
                    onClick={() => line.toolId && remove.mutate({ listId: list._id, toolId: line.toolId })}
                  >
                    Remove
                  </Button>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Rows pasted or read from a CSV file (SKU, quantity), and the cart's lines, onto the list. */
function AddRows({ list }: { list: SavedList }) {
  const add = useAddToList();
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<AddToListResult | null>(null);
  const report = {
    onSuccess: (answer: AddToListResult) => {
      setResult(answer);
      notify.success(`${answer.added} ${answer.added === 1 ? 'line' : 'lines'} added to ${list.name}`);
    },
  };
  return (
    <section className="mt-4" aria-labelledby="add-rows-title">
      <h3 className="h5" id="add-rows-title">
        Add to the list
      </h3>
      {add.error && (
        <Alert variant="danger" className="small" role="alert">
          {add.error.message}
        </Alert>
      )}
      {result && result.skipped.length > 0 && (
        <Alert variant="warning" className="small" role="status">
          <p className="mb-1">These rows were left out:</p>
          <ul className="mb-0">
            {result.skipped.map((row) => (
              <li key={row.row}>
                Row {row.row}
                {row.sku && <span className="font-monospace"> ({row.sku})</span>}: {row.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Form
        aria-label="Add rows to the list"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate({ listId: list._id, body: { csv } }, report);
        }}
      >
        <Form.Group className="mb-2" controlId="list-rows">
          <Form.Label>Rows of SKU and quantity, as pasted from a spreadsheet or a CSV</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            className="font-monospace"
            placeholder={'FT-DRILL-18V, 200\nFT-CSW-185, 150'}
            value={csv}
            onChange={(event) => setCsv(event.target.value)}
          />
        </Form.Group>
        <Form.Group className="mb-2" controlId="list-file">
          <Form.Label>Or a CSV file</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => {
              const file = (event.target as HTMLInputElement).files?.[0];
              if (file) void file.text().then(setCsv);
            }}
          />
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="dark" disabled={add.isPending || csv.trim() === ''}>
            Add the rows
          </Button>
          <Button
            variant="outline-dark"
            disabled={add.isPending}
            onClick={() => add.mutate({ listId: list._id, body: { fromCart: true } }, report)}
          >
            Add my cart’s lines
          </Button>
        </div>
      </Form>
    </section>
  );
}

function RenameForm({ list, onDone }: { list: SavedList; onDone: () => void }) {
  const rename = useRenameList();
  const [name, setName] = useState(list.name);
  return (
    <Form
      className="d-flex flex-wrap gap-2 mb-3"
      aria-label="Rename the list"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate({ listId: list._id, name }, { onSuccess: onDone });
      }}
    >
      <Form.Control
        aria-label="Name of the list"
        maxLength={100}
        style={{ maxWidth: '20rem' }}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" variant="dark" disabled={rename.isPending}>
        Save
      </Button>
      <Button variant="secondary" onClick={onDone}>
        Close
      </Button>
    </Form>
  );
}

/** /dashboard/lists/{id}: one saved list, priced today; its lines changed, filled and put into the cart. */
export function ListPage() {
  const { listId = '' } = useParams();
  const list = useList(listId);
  const company = useCompany();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const remove = useConfirm(useDeleteList(), {
    variables: (item: SavedList) => item._id,
    done: (item) => `${item.name} is deleted`,
  });
  // A company's viewers and approvers read its lists; its buyers and admins change them.
  const roles = company.data?.roles;
  const changes = !roles || companyRolesAllow(roles, 'order');
  return (
    <>
      <p className="mb-2">
        <Link to={paths.lists}>← Saved lists</Link>
      </p>
      <QueryState query={list} what="this list">
        {(data) => (
          <>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
              <h2 className="h4 mb-0 text-break">{data.name}</h2>
              {data.shared && <Badge bg="secondary">Company</Badge>}
              {changes && (
                <div className="ms-auto d-flex flex-wrap gap-2">
                  <ListToCartButton list={data} />
                  <Button variant="outline-dark" onClick={() => setRenaming(true)}>
                    Rename
                  </Button>
                  <Button variant="outline-danger" onClick={() => remove.ask(data)}>
                    Delete
                  </Button>
                </div>
              )}
            </div>
            <p className="small text-secondary">
              {data.lineCount} {data.lineCount === 1 ? 'line' : 'lines'} · changed{' '}
              {formatDate(data.updatedAt)}
            </p>
            {renaming && <RenameForm list={data} onDone={() => setRenaming(false)} />}
            <Lines list={data} changes={changes} />
            {changes && <AddRows list={data} />}
            <ConfirmModal
              {...remove.modal}
              onConfirm={() => {
                remove.modal.onConfirm();
                void navigate(paths.lists);
              }}
              title="Delete this list?"
              confirmLabel="Delete"
            >
              {remove.item && (
                <p className="mb-0">
                  <strong>{remove.item.name}</strong> and its {remove.item.lineCount} lines are deleted for
                  every colleague. Orders placed from it stay.
                </p>
              )}
            </ConfirmModal>
          </>
        )}
      </QueryState>
    </>
  );
}
