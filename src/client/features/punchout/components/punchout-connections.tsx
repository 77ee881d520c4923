import { type SubmitEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { PunchoutConnection } from '../../../../shared/api/punchout.schemas';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  useCreatePunchoutConnection,
  useDeletePunchoutConnection,
  usePunchoutConnections,
  useUpdatePunchoutConnection,
} from '../api/punchout';

/**
 * The shop admin's punchout connections (DESIGN §11): one per company and procurement system, each
 * with its credential (never its secret), the hosts carts go back to, the colleague it orders as, and
 * its latest punchouts and orders; disabled or removed here, and set up below.
 */
export function PunchoutConnections({ companies }: { companies: readonly { _id: string; name: string }[] }) {
  const connections = usePunchoutConnections();
  return (
    <>
      {connections.data?.length === 0 && <p>No company punches out yet: set one up below.</p>}
      {connections.data && connections.data.length > 0 && (
        <ul className="list-unstyled" aria-label="Punchout connections">
          {connections.data.map((connection) => (
            <ConnectionItem key={connection._id} connection={connection} />
          ))}
        </ul>
      )}
      <NewConnection companies={companies} />
    </>
  );
}

function ConnectionItem({ connection }: { connection: PunchoutConnection }) {
  const update = useUpdatePunchoutConnection();
  const remove = useDeletePunchoutConnection();
  const credential =
    connection.protocol === 'cxml'
      ? `${connection.senderDomain ?? ''} / ${connection.senderIdentity ?? ''}`
      : `user ${connection.username ?? ''}`;
  const toggle = () =>
    update.mutate(
      {
        id: connection._id,
        body: {
          systemName: connection.systemName,
          returnHosts: connection.returnHosts,
          buyerEmail: connection.buyer?.email,
          disabled: !connection.disabled,
        },
      },
      {
        onSuccess: () =>
          notify.success(connection.disabled ? 'The connection is enabled' : 'The connection is disabled'),
      },
    );
  return (
    <li className="mb-3">
      <Card className="shadow-sm">
        <Card.Body>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <h3 className="h6 mb-0 me-auto">
              {connection.company.name}: {connection.systemName}{' '}
              <Badge bg="secondary">{connection.protocol === 'cxml' ? 'cXML' : 'OCI'}</Badge>{' '}
              {connection.disabled && <Badge bg="danger">disabled</Badge>}
            </h3>
            <Button size="sm" variant="outline-secondary" disabled={update.isPending} onClick={toggle}>
              {connection.disabled ? 'Enable' : 'Disable'}
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(connection._id, {
                  onSuccess: () => notify.success('The connection is removed'),
                })
              }
            >
              Remove
            </Button>
          </div>
          <p className="small text-secondary mb-2">
            {credential} · returns to {connection.returnHosts.join(', ')} · orders as{' '}
            {connection.buyer
              ? `${connection.buyer.name} <${connection.buyer.email}>`
              : 'nobody (set a buyer)'}{' '}
            · set up {formatDateTime(connection.createdAt)}
          </p>
          <div className="row small">
            <div className="col-md-6">
              <h4 className="h6">Latest punchouts</h4>
              {connection.sessions.length === 0 ? (
                <p className="text-secondary">None yet.</p>
              ) : (
                <ul className="ps-3">
                  {connection.sessions.map((session) => (
                    <li key={session.at}>
                      {formatDateTime(session.at)} {session.contact ? `· ${session.contact}` : ''} ·{' '}
                      {session.transferred ? 'cart transferred' : session.started ? 'shopping' : 'not opened'}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="col-md-6">
              <h4 className="h6">Latest orders</h4>
              {connection.orders.length === 0 ? (
                <p className="text-secondary">None yet.</p>
              ) : (
                <ul className="ps-3">
                  {connection.orders.map((order) => (
                    <li key={order._id}>
                      <a href={`/dashboard/manageAllOrders/${order._id}`}>Order {order.orderNumber}</a> · PO{' '}
                      {order.poNumber ?? '—'} · {formatDateTime(order.at)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </Card.Body>
      </Card>
    </li>
  );
}

function NewConnection({ companies }: { companies: readonly { _id: string; name: string }[] }) {
  const create = useCreatePunchoutConnection();
  const id = useId();
  const [protocol, setProtocol] = useState<'cxml' | 'oci'>('cxml');
  const [fields, setFields] = useState({
    companyId: '',
    systemName: '',
    senderDomain: 'NetworkId',
    senderIdentity: '',
    username: '',
    secret: '',
    returnHosts: '',
    buyerEmail: '',
  });
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [name]: event.target.value });

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const common = {
      companyId: fields.companyId,
      systemName: fields.systemName.trim(),
      returnHosts: fields.returnHosts.split(/[\s,]+/).filter(Boolean),
      ...(fields.buyerEmail.trim() ? { buyerEmail: fields.buyerEmail.trim() } : {}),
    };
    create.mutate(
      protocol === 'cxml'
        ? {
            ...common,
            protocol,
            senderDomain: fields.senderDomain.trim(),
            senderIdentity: fields.senderIdentity.trim(),
            sharedSecret: fields.secret,
          }
        : { ...common, protocol, username: fields.username.trim(), password: fields.secret },
      {
        onSuccess: () => {
          setFields({ ...fields, senderIdentity: '', username: '', secret: '', systemName: '' });
          notify.success('The connection is set up: give the procurement system its credential and secret');
        },
      },
    );
  }

  return (
    <Card className="shadow-sm" style={{ maxWidth: 720 }}>
      <Card.Body className="p-4">
        <h3 className="h5">Set up a connection</h3>
        <Form noValidate onSubmit={onSubmit} aria-label="Set up a punchout connection">
          <Form.Group className="mb-2" controlId={`${id}-company`}>
            <Form.Label>Company</Form.Label>
            <Form.Select value={fields.companyId} onChange={set('companyId')}>
              <option value="">Choose…</option>
              {companies.map((company) => (
                <option key={company._id} value={company._id}>
                  {company.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <fieldset className="mb-2">
            <legend className="fs-6 mb-1">Protocol</legend>
            <Form.Check
              inline
              type="radio"
              id={`${id}-cxml`}
              label="cXML (SAP Ariba, Coupa, Jaggaer, Oracle)"
              checked={protocol === 'cxml'}
              onChange={() => setProtocol('cxml')}
            />
            <Form.Check
              inline
              type="radio"
              id={`${id}-oci`}
              label="OCI (SAP SRM, S/4HANA)"
              checked={protocol === 'oci'}
              onChange={() => setProtocol('oci')}
            />
          </fieldset>
          <Form.Group className="mb-2" controlId={`${id}-system`}>
            <Form.Label>Procurement system’s name</Form.Label>
            <Form.Control
              value={fields.systemName}
              maxLength={60}
              placeholder="SAP Ariba"
              onChange={set('systemName')}
            />
          </Form.Group>
          {protocol === 'cxml' ? (
            <div className="row g-2 mb-2">
              <Form.Group className="col-sm-5" controlId={`${id}-domain`}>
                <Form.Label>Sender domain</Form.Label>
                <Form.Control value={fields.senderDomain} maxLength={80} onChange={set('senderDomain')} />
              </Form.Group>
              <Form.Group className="col-sm-7" controlId={`${id}-identity`}>
                <Form.Label>Sender identity</Form.Label>
                <Form.Control
                  value={fields.senderIdentity}
                  maxLength={200}
                  onChange={set('senderIdentity')}
                />
              </Form.Group>
            </div>
          ) : (
            <Form.Group className="mb-2" controlId={`${id}-username`}>
              <Form.Label>OCI user name</Form.Label>
              <Form.Control value={fields.username} maxLength={80} onChange={set('username')} />
            </Form.Group>
          )}
          <Form.Group className="mb-2" controlId={`${id}-secret`}>
            <Form.Label>
              {protocol === 'cxml' ? 'Shared secret' : 'OCI password'} (12 characters or more; kept only
              hashed)
            </Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={fields.secret}
              onChange={set('secret')}
            />
          </Form.Group>
          <Form.Group className="mb-2" controlId={`${id}-hosts`}>
            <Form.Label>Hosts carts may be returned to</Form.Label>
            <Form.Control
              value={fields.returnHosts}
              placeholder="s1.ariba.com, procurement.example.com"
              onChange={set('returnHosts')}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${id}-buyer`}>
            <Form.Label>Orders as (a colleague’s email; empty: the company’s first admin)</Form.Label>
            <Form.Control type="email" value={fields.buyerEmail} onChange={set('buyerEmail')} />
            <Form.Text>
              A buyer the procurement system names (cXML’s UserEmail) shops as their own account in the
              company.
            </Form.Text>
          </Form.Group>
          {create.error && <Alert variant="danger">{create.error.message}</Alert>}
          <Button type="submit" variant="outline-dark" disabled={create.isPending}>
            Set up the connection
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
