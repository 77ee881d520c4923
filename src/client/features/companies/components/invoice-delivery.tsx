import { type SubmitEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { Company } from '../../../../shared/api/companies.schemas';
import { peppolIdProblem } from '../../../../shared/domain/peppol';
import { notify } from '../../../lib/notify';
import { useUpdateCompany } from '../api/companies';

const FORMATS = {
  pdf: 'PDF (Factur-X: the invoice’s data inside the PDF)',
  ubl: 'UBL (Peppol BIS Billing 3.0 XML)',
  both: 'Both',
} as const;

/**
 * How the company receives its invoices and credit notes: by mail to the buyer and to a billing
 * address (its accounts payable), as a Factur-X PDF, as UBL or both; and its Peppol participant ID,
 * which its e-invoices name. Its admins change it; everyone else reads it.
 */
export function InvoiceDelivery({ company, manages }: { company: Company; manages: boolean }) {
  const update = useUpdateCompany();
  const id = useId();
  const [billingEmail, setBillingEmail] = useState(company.billingEmail ?? '');
  const [format, setFormat] = useState<Company['invoiceDelivery']>(company.invoiceDelivery);
  const [peppolId, setPeppolId] = useState(company.peppolId ?? '');
  const peppolProblem = peppolId.trim() ? peppolIdProblem(peppolId) : null;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (peppolProblem) return;
    update.mutate(
      { billingEmail: billingEmail.trim(), invoiceDelivery: format, peppolId: peppolId.trim() },
      { onSuccess: () => notify.success('How you receive invoices is saved') },
    );
  }

  return (
    <Card className="shadow-sm mb-4" style={{ maxWidth: 560 }}>
      <Card.Body className="p-4">
        <h3 className="h5" id={`${id}-title`}>
          Invoices and credit notes
        </h3>
        <p className="small text-secondary">
          Mailed to the buyer of each order{company.billingEmail ? ` and to ${company.billingEmail}` : ''}, as{' '}
          {FORMATS[company.invoiceDelivery]}. Every invoice can also be downloaded as UBL from My Orders and
          the statement.
        </p>
        {manages && (
          <Form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
            <Form.Group className="mb-3" controlId={`${id}-email`}>
              <Form.Label>Billing email (accounts payable, optional)</Form.Label>
              <Form.Control
                type="email"
                value={billingEmail}
                maxLength={254}
                onChange={(event) => setBillingEmail(event.target.value)}
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId={`${id}-format`}>
              <Form.Label>Send invoices as</Form.Label>
              <Form.Select
                value={format}
                onChange={(event) => setFormat(event.target.value as Company['invoiceDelivery'])}
              >
                {Object.entries(FORMATS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-3" controlId={`${id}-peppol`}>
              <Form.Label>Peppol participant ID (optional)</Form.Label>
              <Form.Control
                value={peppolId}
                placeholder="0088:5790000435975"
                maxLength={90}
                isInvalid={Boolean(peppolProblem)}
                aria-describedby={`${id}-peppol-help`}
                onChange={(event) => setPeppolId(event.target.value)}
              />
              <Form.Control.Feedback type="invalid">{peppolProblem}</Form.Control.Feedback>
              <Form.Text id={`${id}-peppol-help`}>
                Named in your e-invoices as your electronic address. Orders keep the one they were placed
                with.
              </Form.Text>
            </Form.Group>
            {update.error && <Alert variant="danger">{update.error.message}</Alert>}
            <Button type="submit" variant="outline-dark" disabled={update.isPending}>
              Save
            </Button>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
