import { Fragment, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import type { AdminCompany } from '../../../shared/api/companies.schemas';
import { formatDollars } from '../../../shared/money';
import { QueryState } from '../../components/query-state';
import {
  useAdminCompanies,
  useAdminStatement,
  useCertificatesToDecide,
  useDecideCertificate,
  useRecordPayment,
  useSetTerms,
  useVerifyVat,
} from '../../features/credit/api/credit';
import { StatementView, termsLabel } from '../../features/credit/components/statement-view';
import { usePriceLists, useSetCompanyPriceLists } from '../../features/pricing/api/price-lists';
import { formatDate, formatDay } from '../../lib/format';
import { notify } from '../../lib/notify';

const today = () => new Date().toISOString().slice(0, 10);
const overdue = (company: AdminCompany) =>
  company.aging.days1to30 + company.aging.days31to60 + company.aging.days61to90 + company.aging.over90;

/** A company's terms: card only or Net 15/30/60, its credit limit and grace days. */
function TermsForm({ company }: { company: AdminCompany }) {
  const setTerms = useSetTerms(company._id);
  const [terms, setTermsValue] = useState(company.terms);
  const [limit, setLimit] = useState(String(company.creditLimit));
  const [grace, setGrace] = useState(String(company.graceDays));
  const id = (name: string) => `terms-${company._id}-${name}`;
  return (
    <Form
      aria-label={`Terms of ${company.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        setTerms.mutate(
          { terms, creditLimit: Number(limit), graceDays: Number(grace) },
          { onSuccess: () => notify.success(`${company.name}: terms saved`) },
        );
      }}
    >
      <Row className="g-2 align-items-end">
        <Col sm={4}>
          <Form.Group controlId={id('terms')}>
            <Form.Label>Payment terms</Form.Label>
            <Form.Select
              value={terms}
              onChange={(event) => setTermsValue(event.target.value as typeof terms)}
            >
              {(['card', 'net15', 'net30', 'net60'] as const).map((value) => (
                <option key={value} value={value}>
                  {termsLabel(value)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId={id('limit')}>
            <Form.Label>Credit limit ($)</Form.Label>
            <Form.Control
              type="number"
              min={0}
              step="0.01"
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={2}>
          <Form.Group controlId={id('grace')}>
            <Form.Label>Grace days</Form.Label>
            <Form.Control
              type="number"
              min={0}
              max={90}
              value={grace}
              onChange={(event) => setGrace(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={3} className="d-grid">
          <Button type="submit" disabled={setTerms.isPending}>
            Save terms
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

/** Which price lists the company holds, each with its priority (a higher number wins). */
function CompanyPriceLists({ company }: { company: AdminCompany }) {
  const lists = usePriceLists();
  const save = useSetCompanyPriceLists(company._id);
  const [chosen, setChosen] = useState<Map<string, number> | null>(null);
  return (
    <QueryState query={lists} what="the price lists">
      {(data) => {
        const held =
          chosen ??
          new Map(
            data.flatMap((list) =>
              list.companies
                .filter((holder) => holder.companyId === company._id)
                .map((holder) => [list._id, holder.priority] as const),
            ),
          );
        if (data.length === 0) return <p className="text-secondary small">No price lists yet.</p>;
        return (
          <Form
            aria-label={`Price lists of ${company.name}`}
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(
                [...held].map(([priceListId, priority]) => ({ priceListId, priority })),
                {
                  onSuccess: () => {
                    setChosen(null);
                    notify.success(`${company.name}: price lists saved`);
                  },
                },
              );
            }}
          >
            {data.map((list) => {
              const priority = held.get(list._id);
              return (
                <Row key={list._id} className="g-2 align-items-center mb-1">
                  <Col xs={7}>
                    <Form.Check
                      id={`holds-${company._id}-${list._id}`}
                      label={list.name}
                      checked={priority !== undefined}
                      onChange={(event) => {
                        const next = new Map(held);
                        if (event.target.checked) next.set(list._id, 1);
                        else next.delete(list._id);
                        setChosen(next);
                      }}
                    />
                  </Col>
                  <Col xs={5}>
                    {priority !== undefined && (
                      <Form.Control
                        size="sm"
                        type="number"
                        min={0}
                        max={1000}
                        aria-label={`Priority of ${list.name}`}
                        value={priority}
                        onChange={(event) =>
                          setChosen(new Map(held).set(list._id, Number(event.target.value)))
                        }
                      />
                    )}
                  </Col>
                </Row>
              );
            })}
            <Button type="submit" size="sm" className="mt-2" disabled={save.isPending}>
              Save price lists
            </Button>
          </Form>
        );
      }}
    </QueryState>
  );
}

/** Money received from the company: its amount, the day it arrived and its reference. */
function PaymentForm({ company }: { company: AdminCompany }) {
  const record = useRecordPayment(company._id);
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [reference, setReference] = useState('');
  const id = (name: string) => `payment-${company._id}-${name}`;
  return (
    <Form
      aria-label={`Record a payment from ${company.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        record.mutate(
          { amount: Number(amount), date, reference },
          {
            onSuccess: (statement) => {
              notify.success(
                `${company.name}: payment recorded; the balance is ${formatDollars(statement.balance)}`,
              );
              setAmount('');
              setReference('');
            },
          },
        );
      }}
    >
      <Row className="g-2 align-items-end">
        <Col sm={3}>
          <Form.Group controlId={id('amount')}>
            <Form.Label>Amount ($)</Form.Label>
            <Form.Control
              type="number"
              min={0.01}
              step="0.01"
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId={id('date')}>
            <Form.Label>Received on</Form.Label>
            <Form.Control
              type="date"
              required
              value={date}
              max={today()}
              onChange={(event) => setDate(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId={id('reference')}>
            <Form.Label>Reference</Form.Label>
            <Form.Control
              required
              maxLength={120}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={3} className="d-grid">
          <Button type="submit" variant="success" disabled={record.isPending}>
            Record payment
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

/**
 * The company's EU VAT ID: whether it is one, and whether a shop admin has verified it in VIES (which
 * the shop cannot reach); only a verified ID of the billing country makes an intra-community supply.
 */
function VatVerification({ company }: { company: AdminCompany }) {
  const verify = useVerifyVat(company._id);
  if (!company.vatCountry) {
    return (
      <p className="small text-secondary mb-0">
        {company.taxId ? `Tax number ${company.taxId} is not an EU VAT ID.` : 'No tax number.'}
      </p>
    );
  }
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 small">
      <span>
        VAT ID {company.taxId}{' '}
        {company.vatVerifiedAt
          ? `verified on ${formatDate(company.vatVerifiedAt)} by ${company.vatVerifiedBy ?? 'an admin'}`
          : 'not verified: check it in VIES, then record it here'}
        {company.billingCountry !== company.vatCountry &&
          ` (its country is not the billing address’s${company.billingCountry ? `, ${company.billingCountry}` : ''}: its orders are charged VAT)`}
      </span>
      <Button
        size="sm"
        variant={company.vatVerifiedAt ? 'outline-secondary' : 'outline-primary'}
        disabled={verify.isPending}
        onClick={() =>
          verify.mutate(
            { verified: !company.vatVerifiedAt, vatId: company.taxId ?? '' },
            {
              onSuccess: () =>
                notify.success(
                  company.vatVerifiedAt
                    ? `${company.name}: VAT ID no longer verified`
                    : `${company.name}: VAT ID verified`,
                ),
            },
          )
        }
      >
        {company.vatVerifiedAt ? 'Withdraw verification' : 'Verified in VIES'}
      </Button>
    </div>
  );
}

function CompanyAccount({ company }: { company: AdminCompany }) {
  const statement = useAdminStatement(company._id);
  return (
    <Card body className="mb-3">
      <h3 className="h6">VAT ID</h3>
      <VatVerification company={company} />
      <h3 className="h6 mt-4">Terms and credit</h3>
      <TermsForm company={company} />
      <h3 className="h6 mt-4">Price lists</h3>
      <CompanyPriceLists company={company} />
      <h3 className="h6 mt-4">Record a payment</h3>
      <PaymentForm company={company} />
      <h3 className="h6 mt-4">Statement</h3>
      <QueryState query={statement} what="the statement">
        {(data) => <StatementView statement={data} />}
      </QueryState>
    </Card>
  );
}

/** /dashboard/companies (shop admins): every company's terms, balance and aging; terms, lists, payments. */
/**
 * Tax certificates companies uploaded, waiting for a decision: open the file, then approve
 * (it untaxes the company's orders where it applies until it expires) or reject with a reason.
 */
function CertificatesToDecide() {
  const certificates = useCertificatesToDecide();
  const decide = useDecideCertificate();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const waiting = certificates.data ?? [];
  const act = (id: string, approve: boolean) =>
    decide.mutate(
      { id, approve, reason: reasons[id] },
      {
        onSuccess: (certificate) =>
          notify.success(`Certificate ${certificate.number} ${approve ? 'approved' : 'rejected'}`),
        onError: (error) => notify.error(error.message),
      },
    );
  return (
    <section className="mt-4" aria-labelledby="certificates-title">
      <h3 id="certificates-title" className="h5">
        Tax certificates to check
      </h3>
      {waiting.length === 0 ? (
        <p className="text-secondary small">None waiting.</p>
      ) : (
        <ul className="list-unstyled" aria-label="Tax certificates to check">
          {waiting.map((certificate) => (
            <li key={certificate._id} className="border rounded p-3 mb-2" data-testid="certificate-to-check">
              <strong>{certificate.company.name}</strong>: {certificate.kind} certificate {certificate.number}
              , {certificate.regions.join(', ')}, until {formatDay(certificate.expiresOn)}.{' '}
              <a href={`/api/admin/tax-certificates/${certificate._id}/file`}>{certificate.fileName}</a>
              <div className="d-flex flex-wrap gap-2 mt-2 align-items-center">
                <Button size="sm" variant="success" onClick={() => act(certificate._id, true)}>
                  Approve
                </Button>
                <Form.Control
                  size="sm"
                  style={{ maxWidth: 320 }}
                  aria-label={`Why ${certificate.number} is rejected`}
                  placeholder="Why it is rejected (for the company)"
                  value={reasons[certificate._id] ?? ''}
                  onChange={(event) => setReasons({ ...reasons, [certificate._id]: event.target.value })}
                />
                <Button size="sm" variant="outline-danger" onClick={() => act(certificate._id, false)}>
                  Reject
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CompaniesPage() {
  const companies = useAdminCompanies();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="companies-title">
      <h2 id="companies-title" className="h4 mb-3">
        Companies
      </h2>
      <QueryState query={companies} what="the companies">
        {(data) =>
          data.length === 0 ? (
            <p className="text-secondary">No company has been created yet.</p>
          ) : (
            <Table responsive className="align-middle table-stack" aria-label="Companies">
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Terms</th>
                  <th scope="col" className="text-end">
                    Credit limit
                  </th>
                  <th scope="col" className="text-end">
                    Balance
                  </th>
                  <th scope="col" className="text-end">
                    Overdue
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Manage</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((company) => (
                  <Fragment key={company._id}>
                    <tr data-testid="admin-company">
                      <td data-label="Company">
                        {company.name}
                        {company.status === 'suspended' && (
                          <span className="d-block small text-danger-emphasis">Suspended</span>
                        )}
                      </td>
                      <td data-label="Terms">{termsLabel(company.terms)}</td>
                      <td data-label="Credit limit" className="text-end">
                        {formatDollars(company.creditLimit)}
                      </td>
                      <td data-label="Balance" className="text-end fw-semibold">
                        {formatDollars(company.balance)}
                      </td>
                      <td data-label="Overdue" className="text-end">
                        {formatDollars(overdue(company))}
                      </td>
                      <td data-label="" className="text-end">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          aria-expanded={open === company._id}
                          onClick={() => setOpen(open === company._id ? null : company._id)}
                        >
                          {open === company._id ? 'Close' : `Manage ${company.name}`}
                        </Button>
                      </td>
                    </tr>
                    {open === company._id && (
                      <tr>
                        <td colSpan={6}>
                          <CompanyAccount company={company} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </Table>
          )
        }
      </QueryState>
      <CertificatesToDecide />
    </section>
  );
}
