import { type ReactNode, type SubmitEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '../../../../shared/api/api-keys.schemas';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/companies';
import { ConfirmModal, useConfirm } from '../../../components/confirm-modal';

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'catalog:read': 'Read the catalog at your prices',
  'orders:read': 'Read your orders, invoices and credit notes',
  'orders:write': 'Order: cart, quick-add, checkout, change and cancel unpaid orders',
};

/**
 * The company's API keys, for its own systems (an ERP ordering without a person): its admins make a
 * key with a name and scopes, see it once, and revoke it. Each is sent as `Authorization: Bearer`.
 */
export function ApiKeys() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useConfirm(useRevokeApiKey(), {
    variables: (key: ApiKey) => key._id,
    done: (key) => `${key.name} is revoked`,
  });
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['orders:read']);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: () => {
          setName('');
          notify.success('The key is made: copy it now, it is not shown again');
        },
      },
    );
  }

  return (
    <Card className="shadow-sm mb-4" style={{ maxWidth: 720 }}>
      <Card.Body className="p-4">
        <h3 className="h5" id={`${id}-title`}>
          API keys
        </h3>
        <p className="small text-secondary">
          For your own systems: a key acts as the company within its scopes, with your approvals and limits,
          never as an admin and never beyond the role of the colleague who made it; it stops when they leave
          the company. Send it as <code>Authorization: Bearer fl_…</code> (the API is described at{' '}
          <a href="/api/docs">/api/docs</a>).
        </p>
        {create.data && (
          <Alert variant="success" role="status">
            <p className="mb-1">Your new key (copy it now, it is not shown again):</p>
            <code className="user-select-all d-block text-break" data-testid="new-api-key">
              {create.data.key}
            </code>
          </Alert>
        )}
        {keys.data && keys.data.length > 0 && (
          <ul className="list-unstyled" aria-label="The company’s API keys">
            {keys.data.map((key) => (
              <ApiKeyLine
                key={key._id}
                apiKey={key}
                title={<strong>{key.name}</strong>}
                revokeLabel={`Revoke ${key.name}`}
                busy={revoke.modal.busy}
                onRevoke={() => revoke.ask(key)}
              />
            ))}
          </ul>
        )}
        <ConfirmModal
          {...revoke.modal}
          title={`Revoke ${revoke.item?.name ?? 'the key'}?`}
          confirmLabel="Revoke"
        >
          <p className="mb-0">
            Every call made with {revoke.item?.prefix}… is refused from now on: the system that uses it stops
            ordering and reading until it is given a new key.
          </p>
        </ConfirmModal>
        <Form noValidate onSubmit={onSubmit} aria-label="Make an API key">
          <Form.Group className="mb-2" controlId={`${id}-name`}>
            <Form.Label>Name (the system that uses it)</Form.Label>
            <Form.Control value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
          </Form.Group>
          <fieldset className="mb-2">
            <legend className="fs-6 mb-1">Scopes</legend>
            {API_KEY_SCOPES.map((scope) => (
              <Form.Check
                key={scope}
                id={`${id}-${scope}`}
                label={`${scope}: ${SCOPE_LABELS[scope]}`}
                checked={scopes.includes(scope)}
                onChange={(event) =>
                  setScopes(event.target.checked ? [...scopes, scope] : scopes.filter((one) => one !== scope))
                }
              />
            ))}
          </fieldset>
          {create.error && <Alert variant="danger">{create.error.message}</Alert>}
          <Button type="submit" variant="outline-dark" disabled={create.isPending}>
            Make the key
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** One key in a list: its name (and whose), prefix, scopes, when made and last used, and Revoke. */
export function ApiKeyLine({
  apiKey,
  title,
  revokeLabel,
  busy,
  onRevoke,
}: {
  apiKey: ApiKey;
  title: ReactNode;
  revokeLabel: string;
  busy: boolean;
  onRevoke: () => void;
}) {
  return (
    <li className="d-flex flex-wrap align-items-center gap-2 border-bottom py-2">
      <div className="flex-grow-1">
        {title} <code>{apiKey.prefix}…</code>
        <div className="small text-secondary">
          {apiKey.scopes.join(', ')} · made by {apiKey.madeBy} {formatDateTime(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `last used ${formatDateTime(apiKey.lastUsedAt)}` : 'never used'}
        </div>
        {apiKey.pausedScopes.length > 0 && (
          <div className="small text-danger">
            Paused: {apiKey.pausedScopes.join(', ')}. {apiKey.madeBy} may no longer do this in the company,
            and a key never does more than the colleague who made it.
          </div>
        )}
      </div>
      <Button size="sm" variant="outline-danger" disabled={busy} onClick={onRevoke}>
        {revokeLabel}
      </Button>
    </li>
  );
}
