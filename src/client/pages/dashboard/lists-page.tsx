import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { ListToCartButton } from '../../features/cart/components/list-to-cart-button';
import { useCreateList, useLists } from '../../features/lists/api/lists';
import { formatDate } from '../../lib/format';

/** A new, empty list; its page opens to fill it. */
function NewListForm() {
  const create = useCreateList();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  return (
    <Form
      className="row g-2 align-items-end mb-3"
      aria-label="Make a list"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(name, { onSuccess: (listId) => void navigate(paths.list(listId)) });
      }}
    >
      {create.error && (
        <Alert variant="danger" className="small mb-1" role="alert">
          {create.error.message}
        </Alert>
      )}
      <Form.Group className="col-sm-8" controlId="new-list-name">
        <Form.Label>Name of a new list</Form.Label>
        <Form.Control
          value={name}
          maxLength={100}
          placeholder="Monthly site order"
          onChange={(event) => setName(event.target.value)}
        />
      </Form.Group>
      <div className="col-sm-4 d-grid">
        <Button type="submit" variant="dark" disabled={create.isPending}>
          Make the list
        </Button>
      </div>
    </Form>
  );
}

/** /dashboard/lists: the buyer's saved lists and their company's; each goes into the cart in a click. */
export function ListsPage() {
  const lists = useLists();
  return (
    <QueryState query={lists} what="your saved lists">
      {(all) => (
        <>
          <h2 className="h4 mb-3">Saved Lists: {all.length}</h2>
          <p className="text-secondary">
            The products and quantities you order again and again. Save a product, your cart or a past order
            to a list, or paste a CSV into one; <em>Add all to cart</em> checks each line against today’s
            price and stock.
          </p>
          <NewListForm />
          {all.length === 0 ? (
            <p className="text-secondary">No lists yet.</p>
          ) : (
            <Table responsive striped className="align-middle bg-white table-stack" aria-label="Saved lists">
              <thead>
                <tr>
                  <th scope="col">List</th>
                  <th scope="col">Lines</th>
                  <th scope="col">Changed</th>
                  <th scope="col">
                    <span className="visually-hidden">Add to cart</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {all.map((list) => (
                  <tr key={list._id} data-testid="saved-list">
                    <td data-label="List" className="text-break">
                      <Link to={paths.list(list._id)}>{list.name}</Link>{' '}
                      {list.shared && (
                        <Badge bg="secondary" className="align-middle">
                          Company
                        </Badge>
                      )}
                    </td>
                    <td data-label="Lines">{list.lineCount}</td>
                    <td data-label="Changed">{formatDate(list.updatedAt)}</td>
                    <td data-label="">
                      <ListToCartButton list={list} size="sm" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </>
      )}
    </QueryState>
  );
}
