import { TaxCertificates } from '../../features/companies/components/tax-certificates';
import { InvoiceDelivery } from '../../features/companies/components/invoice-delivery';
import { ApiKeys } from '../../features/companies/components/api-keys';
import { PartNumbers } from '../../features/companies/components/part-numbers';
import { Webhooks } from '../../features/webhooks/components/webhooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { AddressFields, emptyAddress } from '../../components/address-fields';
import type { z } from 'zod';
import { type Company, CompanyAddressBody, CreateCompanyBody } from '../../../shared/api/companies.schemas';
import { type CompanyRole, companyRolesAllow } from '../../../shared/domain/company-roles';
import { ConfirmModal, useConfirm } from '../../components/confirm-modal';
import { FormField } from '../../components/form-field';
import { QueryState } from '../../components/query-state';
import {
  useCompany,
  useCreateCompany,
  useInviteColleague,
  useRemoveAddress,
  useRemoveColleague,
  useRevokeInvitation,
  useSaveAddress,
  useUpdateColleague,
  useUpdateCompany,
} from '../../features/companies/api/companies';
import { ColleagueLimit, CompanyRules } from '../../features/companies/components/company-rules';
import { formatDate } from '../../lib/format';
import { euVatCountry } from '../../../shared/domain/vat-id';
import { notify } from '../../lib/notify';

/** The roles a colleague can be given, as the forms offer them. */
const ROLE_CHOICES: { label: string; roles: CompanyRole[] }[] = [
  { label: 'Buyer: places orders', roles: ['buyer'] },
  { label: 'Approver: decides approvals', roles: ['approver'] },
  { label: 'Viewer: reads only', roles: ['viewer'] },
  { label: 'Admin: manages colleagues', roles: ['admin'] },
  { label: 'Admin and approver', roles: ['admin', 'approver'] },
];
const choiceOf = (roles: readonly CompanyRole[]) =>
  String(ROLE_CHOICES.findIndex((choice) => choice.roles.join() === [...roles].sort(byChoice).join()));
const byChoice = (a: CompanyRole, b: CompanyRole) => (a === 'admin' ? -1 : b === 'admin' ? 1 : 0);
const rolesText = (roles: readonly CompanyRole[]) => roles.join(' and ');

/** The create form asks for the billing address (invoices bill the company there). */
const CreateCompanySchema = CreateCompanyBody.required({ billingTo: true });
type CreateValues = z.input<typeof CreateCompanySchema>;
type CreateOutput = z.output<typeof CreateCompanySchema>;

/** A company's legal name, tax number and billing address: the fields of its creation and of its edit. */
function CompanyDetailsFields({
  form,
  idPrefix,
}: {
  form: UseFormReturn<CreateValues, unknown, CreateOutput>;
  idPrefix: string;
}) {
  const { errors } = form.formState;
  return (
    <>
      <FormField
        controlId={`${idPrefix}-name`}
        label="Legal name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <FormField
        controlId={`${idPrefix}-tax-id`}
        label={
          <>
            Tax or VAT number <span className="text-secondary small">(optional)</span>
          </>
        }
        error={errors.taxId?.message}
        {...form.register('taxId')}
      />
      <FormProvider {...form}>
        <AddressFields idPrefix={`${idPrefix}-billing`} legend="Billing address" name="billingTo" />
      </FormProvider>
    </>
  );
}

/** No company yet: create one (a confirmed address), or wait for a colleague's invitation. */
function CreateCompanyForm() {
  const create = useCreateCompany();
  const form = useForm<CreateValues, unknown, CreateOutput>({
    // Invoices bill the company at this address: asked for here, structured.
    resolver: zodResolver(CreateCompanySchema),
    defaultValues: { name: '', taxId: '', billingTo: emptyAddress() },
  });
  return (
    <Card className="shadow-sm" style={{ maxWidth: 560 }}>
      <Card.Body className="p-4">
        <h2 className="h4">Buy as a company</h2>
        <p className="text-secondary">
          Create your company to share orders, quotes and invoices with colleagues, each with a role. Invited
          by a colleague? Open the link in their mail instead.
        </p>
        <Form
          noValidate
          aria-label="Create a company"
          onSubmit={(event) =>
            void form.handleSubmit((body) =>
              create.mutate(body, {
                onSuccess: () => notify.success(`${body.name} is created: invite your colleagues`),
              }),
            )(event)
          }
        >
          <CompanyDetailsFields form={form} idPrefix="company" />
          <Button type="submit" variant="warning" className="fw-semibold" disabled={create.isPending}>
            Create the company
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** The company's legal name, tax number and billing address, as its admins correct them. */
const EditCompanySchema = CreateCompanyBody.required({ billingTo: true });

function EditCompanyForm({ company, onDone }: { company: Company; onDone: () => void }) {
  const update = useUpdateCompany();
  const form = useForm<CreateValues, unknown, CreateOutput>({
    resolver: zodResolver(EditCompanySchema),
    defaultValues: {
      name: company.name,
      taxId: company.taxId ?? '',
      billingTo: company.billingTo ?? emptyAddress(),
    },
  });
  return (
    <Card className="shadow-sm mb-4" style={{ maxWidth: 560 }}>
      <Card.Body className="p-4">
        <h3 className="h5">Company details</h3>
        <p className="small text-secondary">
          Invoices show these. A changed VAT ID counts for tax again once we have verified it.
        </p>
        <Form
          noValidate
          aria-label="Company details"
          onSubmit={(event) =>
            void form.handleSubmit(({ name, taxId, billingTo }) =>
              update.mutate(
                { name, taxId: taxId ?? '', billingTo },
                {
                  onSuccess: () => {
                    notify.success(`${name}’s details are saved`);
                    onDone();
                  },
                },
              ),
            )(event)
          }
        >
          <CompanyDetailsFields form={form} idPrefix="edit-company" />
          <div className="d-flex gap-2">
            <Button type="submit" variant="warning" className="fw-semibold" disabled={update.isPending}>
              Save the details
            </Button>
            <Button variant="outline-secondary" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}

function InviteForm() {
  const invite = useInviteColleague();
  const [email, setEmail] = useState('');
  const [choice, setChoice] = useState('0');
  return (
    <Form
      className="row g-2 align-items-end mb-4"
      aria-label="Invite a colleague"
      onSubmit={(event) => {
        event.preventDefault();
        const roles = ROLE_CHOICES[Number(choice)]?.roles ?? ['viewer'];
        invite.mutate(
          { email, roles },
          {
            onSuccess: () => {
              notify.success(`Invitation mailed to ${email}`);
              setEmail('');
            },
          },
        );
      }}
    >
      <Form.Group className="col-md-6" controlId="invite-email">
        <Form.Label>Colleague’s email</Form.Label>
        <Form.Control
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="col-md-4" controlId="invite-role">
        <Form.Label>Role</Form.Label>
        <Form.Select value={choice} onChange={(event) => setChoice(event.target.value)}>
          {ROLE_CHOICES.map((option, index) => (
            <option key={option.label} value={index}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <div className="col-md-2 d-grid">
        <Button type="submit" variant="dark" disabled={invite.isPending}>
          Invite
        </Button>
      </div>
    </Form>
  );
}

function Members({ company, manages }: { company: Company; manages: boolean }) {
  const setRoles = useUpdateColleague();
  const remove = useConfirm(useRemoveColleague(), {
    variables: (member: Company['members'][number]) => member.userId,
    done: (member, { endedApiKeys }) =>
      `${member.email} no longer belongs to ${company.name}` +
      (endedApiKeys.length > 0
        ? `. The API keys they made stopped with them: ${endedApiKeys.map((key) => `${key.name} (${key.prefix}…)`).join(', ')}`
        : ''),
  });
  return (
    <>
      <Table responsive striped className="align-middle bg-white table-stack" aria-label="Colleagues">
        <thead>
          <tr>
            <th scope="col">Colleague</th>
            <th scope="col">Role</th>
            <th scope="col">Own monthly limit</th>
            <th scope="col">Joined</th>
            {manages && (
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {company.members.map((member) => (
            <tr key={member.userId} data-testid="colleague">
              <td data-label="Colleague" className="text-break">
                <div>
                  {member.name}
                  <div className="small text-secondary">{member.email}</div>
                </div>
              </td>
              <td data-label="Role">
                {manages ? (
                  <Form.Select
                    size="sm"
                    aria-label={`Role of ${member.email}`}
                    value={choiceOf(member.roles)}
                    disabled={setRoles.isPending}
                    onChange={(event) => {
                      const roles = ROLE_CHOICES[Number(event.target.value)]?.roles;
                      if (roles) setRoles.mutate({ userId: member.userId, roles });
                    }}
                  >
                    {ROLE_CHOICES.map((option, index) => (
                      <option key={option.label} value={index}>
                        {option.label}
                      </option>
                    ))}
                  </Form.Select>
                ) : (
                  rolesText(member.roles)
                )}
              </td>
              <td data-label="Own monthly limit">
                <ColleagueLimit member={member} manages={manages} />
              </td>
              <td data-label="Joined">{formatDate(member.joinedAt)}</td>
              {manages && (
                <td data-label="">
                  <Button size="sm" variant="outline-danger" onClick={() => remove.ask(member)}>
                    Remove
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      <ConfirmModal {...remove.modal} title="Remove this colleague?" confirmLabel="Remove">
        {remove.item && (
          <p className="mb-0">
            <strong>{remove.item.email}</strong> loses access to {company.name} at once. The orders they
            placed stay with the company.
          </p>
        )}
      </ConfirmModal>
    </>
  );
}

/** The invitations the company's admins sent; an open one can be revoked, and its link stops working. */
function Invitations({ company }: { company: Company }) {
  const revoke = useConfirm(useRevokeInvitation(), {
    variables: (invitation: Company['invitations'][number]) => invitation._id,
    done: (invitation) => `The invitation to ${invitation.email} is revoked`,
  });
  const now = new Date();
  return (
    <>
      <h3 className="h5 mt-4">Invitations</h3>
      <ul className="list-unstyled" aria-label="Invitations">
        {company.invitations.map((invitation) => {
          const open = !invitation.acceptedAt && new Date(invitation.expiresAt) > now;
          return (
            <li key={invitation._id} className="small mb-2 d-flex flex-wrap align-items-center gap-2">
              <span className="text-break">
                {invitation.email} as {rolesText(invitation.roles)}
                {invitation.invitedBy && `, sent by ${invitation.invitedBy}`}:{' '}
                {invitation.acceptedAt
                  ? `accepted ${formatDate(invitation.acceptedAt)}`
                  : open
                    ? `open until ${formatDate(invitation.expiresAt)}`
                    : 'expired'}
              </span>
              {!invitation.acceptedAt && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                  onClick={() => revoke.ask(invitation)}
                >
                  Revoke
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmModal {...revoke.modal} title="Revoke this invitation?" confirmLabel="Revoke">
        {revoke.item && (
          <p className="mb-0">
            The link mailed to <strong>{revoke.item.email}</strong> stops working at once. You can invite them
            again later.
          </p>
        )}
      </ConfirmModal>
    </>
  );
}

type AddressValues = z.input<typeof CompanyAddressBody>;
type AddressOutput = z.output<typeof CompanyAddressBody>;

/** The company's ship-to addresses; its admins add, remove and choose the default, and the address rule. */
function AddressBook({ company, manages }: { company: Company; manages: boolean }) {
  const save = useSaveAddress();
  const remove = useRemoveAddress();
  const update = useUpdateCompany();
  const form = useForm<AddressValues, unknown, AddressOutput>({
    resolver: zodResolver(CompanyAddressBody),
    defaultValues: { label: '', name: '', address: '', shipTo: emptyAddress(), number: '', isDefault: false },
  });
  const { errors } = form.formState;
  return (
    <section className="mt-4" aria-labelledby="address-book-title">
      <h3 className="h5" id="address-book-title">
        Address book
      </h3>
      {company.addresses.length === 0 ? (
        <p className="text-secondary">No addresses yet.</p>
      ) : (
        <ul className="list-unstyled row g-3" aria-label="Ship-to addresses">
          {company.addresses.map((address) => (
            <li key={address._id} className="col-md-6" data-testid="company-address">
              <Card className="h-100">
                <Card.Body>
                  <div className="fw-semibold">
                    {address.label}{' '}
                    {address.isDefault && (
                      <Badge bg="secondary" className="align-middle">
                        Default
                      </Badge>
                    )}{' '}
                    {!address.complete && (
                      <Badge bg="warning" text="dark" className="align-middle">
                        Incomplete
                      </Badge>
                    )}
                  </div>
                  {!address.complete && (
                    <p className="small text-danger mb-1">
                      Written before addresses had their own street, city and postal code fields: orders
                      cannot ship here until it is added again in full
                      {manages ? ' (then remove this one)' : ''}.
                    </p>
                  )}
                  <div className="small" style={{ whiteSpace: 'pre-line' }}>
                    {address.name}
                    {'\n'}
                    {address.address}
                    {'\n'}
                    {address.number}
                  </div>
                  {manages && (
                    <div className="d-flex gap-2 mt-2">
                      {!address.isDefault && address.complete && (
                        <Button
                          size="sm"
                          variant="outline-dark"
                          disabled={save.isPending}
                          onClick={() =>
                            save.mutate({
                              id: address._id,
                              body: {
                                label: address.label,
                                name: address.name,
                                address: address.address,
                                // Kept structured: its orders' tax and freight go by it.
                                ...(address.shipTo ? { shipTo: address.shipTo } : {}),
                                number: address.number,
                                isDefault: true,
                              },
                            })
                          }
                        >
                          Make default
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Remove ${address.label}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(address._id)}
                      >
                        Remove
                      </Button>
                    </div>
                  )}
                </Card.Body>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {manages && (
        <>
          <Form.Check
            type="switch"
            id="free-addresses"
            className="mb-3"
            label="Colleagues may also ship to an address outside the book"
            checked={company.freeAddresses}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ freeAddresses: event.target.checked })}
          />
          <FormProvider {...form}>
            <Form
              noValidate
              aria-label="Add an address"
              className="row g-2"
              onSubmit={(event) =>
                void form.handleSubmit((body) =>
                  save.mutate(
                    { body },
                    {
                      onSuccess: () => {
                        notify.success(`${body.label} is in the address book`);
                        form.reset({
                          label: '',
                          name: '',
                          address: '',
                          shipTo: emptyAddress(),
                          number: '',
                          isDefault: false,
                        });
                      },
                    },
                  ),
                )(event)
              }
            >
              <FormField
                groupClassName="col-md-6"
                controlId="address-label"
                label="Name of the address"
                error={errors.label?.message}
                {...form.register('label')}
              />
              <FormField
                groupClassName="col-md-6"
                controlId="address-recipient"
                label="Recipient"
                error={errors.name?.message}
                {...form.register('name')}
              />
              <div className="col-12">
                <AddressFields idPrefix="address" legend="Address" />
              </div>
              <FormField
                groupClassName="col-md-6"
                controlId="address-phone"
                label="Phone number"
                error={errors.number?.message}
                {...form.register('number')}
              />
              <div className="col-12 d-flex align-items-center gap-3">
                <Form.Check
                  id="address-default"
                  label="The default address"
                  {...form.register('isDefault')}
                />
                <Button type="submit" variant="dark" disabled={save.isPending}>
                  Add the address
                </Button>
              </div>
            </Form>
          </FormProvider>
        </>
      )}
    </section>
  );
}

/** /dashboard/company: the company, its colleagues and their roles, and invitations. */
export function CompanyPage() {
  const company = useCompany();
  const [editing, setEditing] = useState(false);
  return (
    <QueryState query={company} what="your company">
      {(data) => {
        if (!data) return <CreateCompanyForm />;
        const manages = companyRolesAllow(data.roles, 'manage');
        return (
          <>
            <h2 className="h4 mb-1">
              {data.name}{' '}
              {data.status === 'suspended' && (
                <Badge bg="danger" className="align-middle">
                  Suspended
                </Badge>
              )}
            </h2>
            <p className="text-secondary mb-3">
              {data.taxId && (
                <>
                  Tax number {data.taxId}
                  {data.vatVerifiedAt
                    ? ` (VAT ID verified by us on ${formatDate(data.vatVerifiedAt)})`
                    : euVatCountry(data.taxId)
                      ? ' (VAT ID not verified by us yet: until then deliveries in the EU are charged VAT)'
                      : ''}{' '}
                  ·{' '}
                </>
              )}
              Your role: {rolesText(data.roles)}
            </p>
            {data.billingAddress && (
              <p className="small mb-3" data-testid="billing-address">
                Invoices bill: <span className="text-pre-line">{data.billingAddress}</span>
              </p>
            )}
            {manages &&
              (editing ? (
                <EditCompanyForm company={data} onDone={() => setEditing(false)} />
              ) : (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  className="mb-3"
                  onClick={() => setEditing(true)}
                >
                  Edit the company’s details
                </Button>
              ))}
            {data.status === 'suspended' && (
              <Alert variant="warning">
                The shop has suspended this company’s account: you can read its orders and invoices, not
                order.
              </Alert>
            )}
            {manages && <InviteForm />}
            <Members company={data} manages={manages} />
            <CompanyRules
              // Saved rules (or a colleague's change) fill the form anew.
              key={[data.rules.approvalAbove, data.rules.monthlyLimit, data.rules.autoApprove].join()}
              company={data}
              manages={manages}
            />
            <AddressBook company={data} manages={manages} />
            <InvoiceDelivery company={data} manages={manages} />
            {manages && <ApiKeys />}
            {manages && <Webhooks side="company" />}
            <PartNumbers manages={manages} />
            <TaxCertificates manages={manages} />
            {manages && data.invitations.length > 0 && <Invitations company={data} />}
          </>
        );
      }}
    </QueryState>
  );
}
