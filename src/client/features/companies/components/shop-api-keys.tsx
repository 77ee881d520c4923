import Card from 'react-bootstrap/Card';
import type { CompanyApiKey } from '../../../../shared/api/api-keys.schemas';
import { ConfirmModal, useConfirm } from '../../../components/confirm-modal';
import { useAllApiKeys, useRevokeAnyApiKey } from '../api/companies';
import { ApiKeyLine } from './api-keys';

/**
 * Every company's API keys, for the shop's admin: which systems act for which company, with what
 * scopes and when last, and a way to revoke one (a leaked key, a system retired). The keys themselves
 * were shown once to the company admin who made them.
 */
export function ShopApiKeys() {
  const keys = useAllApiKeys();
  const revoke = useConfirm(useRevokeAnyApiKey(), {
    variables: (key: CompanyApiKey) => key._id,
    done: (key) => `${key.company}’s key ${key.name} is revoked`,
  });
  return (
    <Card className="shadow-sm mb-4" style={{ maxWidth: 960 }}>
      <Card.Body className="p-4">
        <h3 className="h5">Companies’ API keys</h3>
        <p className="small text-secondary">
          Company admins make keys for their own systems (Dashboard → Company). A key acts as its company
          within its scopes, never as an admin.
        </p>
        {keys.data?.length === 0 && <p className="mb-0">No company has an API key.</p>}
        {keys.data && keys.data.length > 0 && (
          <ul className="list-unstyled mb-0" aria-label="Companies’ API keys">
            {keys.data.map((key) => (
              <ApiKeyLine
                key={key._id}
                apiKey={key}
                title={
                  <>
                    <strong>{key.company}</strong>: {key.name}
                  </>
                }
                revokeLabel="Revoke"
                busy={revoke.modal.busy}
                onRevoke={() => revoke.ask(key)}
              />
            ))}
          </ul>
        )}
        <ConfirmModal
          {...revoke.modal}
          title={`Revoke ${revoke.item ? `${revoke.item.company}’s key ${revoke.item.name}` : 'the key'}?`}
          confirmLabel="Revoke"
        >
          <p className="mb-0">
            Every call made with {revoke.item?.prefix}… is refused from now on; the company’s admins can make
            a new key.
          </p>
        </ConfirmModal>
      </Card.Body>
    </Card>
  );
}
