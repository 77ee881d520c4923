import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { Company } from '../../../../shared/api/companies.schemas';
import { formatDollars } from '../../../../shared/money';
import { notify } from '../../../lib/notify';
import { useSetCompanyRules, useUpdateColleague } from '../api/companies';

/**
 * A dollar amount typed into a rule's field: empty is no rule, undefined is not a number at all (the
 * server judges the rest: negative, too large, more than two decimals).
 */
function amountOf(typed: string): number | null | undefined {
  const plain = typed.replace(/[$,\s]/g, '');
  if (plain === '') return null;
  const amount = Number(plain);
  return Number.isFinite(amount) ? amount : undefined;
}
const notAnAmount = (what: string) => `Give the ${what} in dollars, like 2500 or 2500.50, or leave it empty`;
const typedOf = (amount: number | null) => (amount === null ? '' : String(amount));

/** A dollar field whose empty value means "no rule". */
function AmountField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Form.Group className="col-md-6" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup>
        <InputGroup.Text>$</InputGroup.Text>
        <Form.Control
          inputMode="decimal"
          placeholder="No limit"
          value={value}
          isInvalid={error !== undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.value)}
        />
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      </InputGroup>
      <Form.Text id={`${id}-hint`}>{hint}</Form.Text>
    </Form.Group>
  );
}

/**
 * The company's rules: orders above a total wait for an approver, and a monthly limit on
 * what its orders add up to. Its admins change them; everyone else reads them.
 */
export function CompanyRules({ company, manages }: { company: Company; manages: boolean }) {
  const { rules } = company;
  const save = useSetCompanyRules();
  const [approvalAbove, setApprovalAbove] = useState(typedOf(rules.approvalAbove));
  const [monthlyLimit, setMonthlyLimit] = useState(typedOf(rules.monthlyLimit));
  const [autoApprove, setAutoApprove] = useState(rules.autoApprove);
  const [submitted, setSubmitted] = useState(false);
  const above = amountOf(approvalAbove);
  const limit = amountOf(monthlyLimit);
  const spent = (
    <p className="mb-2" data-testid="spent-this-month">
      Ordered this month: <strong>{formatDollars(rules.spentThisMonth)}</strong>
      {rules.monthlyLimit !== null && <> of {formatDollars(rules.monthlyLimit)}</>}
    </p>
  );
  return (
    <section className="mt-4" aria-labelledby="company-rules-title">
      <h3 className="h5" id="company-rules-title">
        Approvals and spending
      </h3>
      {spent}
      {!manages ? (
        <ul className="small text-secondary">
          <li>
            {rules.approvalAbove === null
              ? 'Orders need no approval.'
              : `Orders above ${formatDollars(rules.approvalAbove)} wait for an approver.`}
          </li>
          <li>
            {rules.monthlyLimit === null
              ? 'The company has no monthly limit.'
              : `The company’s orders may add up to ${formatDollars(rules.monthlyLimit)} a month.`}
          </li>
        </ul>
      ) : (
        <Form
          className="row g-3"
          aria-label="Approvals and spending rules"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (above === undefined || limit === undefined) return;
            // Saved rules refill the form as a new one (CompanyPage keys it by them), which can unmount
            // this one before a mutate() callback would run: the promise is told either way.
            save
              .mutateAsync({ approvalAbove: above, monthlyLimit: limit, autoApprove })
              .then(() => notify.success('The rules are saved'))
              .catch(() => undefined);
          }}
        >
          <AmountField
            id="rules-approval-above"
            label="Orders above this total need approval"
            hint="Empty: no order needs approval."
            value={approvalAbove}
            error={submitted && above === undefined ? notAnAmount('approval threshold') : undefined}
            onChange={setApprovalAbove}
          />
          <AmountField
            id="rules-monthly-limit"
            label="The company’s monthly limit"
            hint="Every colleague’s orders this calendar month, unpaid or paid. Empty: no limit."
            value={monthlyLimit}
            error={submitted && limit === undefined ? notAnAmount('monthly limit') : undefined}
            onChange={setMonthlyLimit}
          />
          <div className="col-12">
            <Form.Check
              type="switch"
              id="rules-auto-approve"
              label="When the company’s only approver places an order above the threshold, approve it automatically"
              checked={autoApprove}
              onChange={(event) => setAutoApprove(event.target.checked)}
            />
          </div>
          <div className="col-12">
            <Button type="submit" variant="dark" disabled={save.isPending}>
              Save the rules
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** A colleague's own monthly limit: a field and a button for the company's admins, the figure for others. */
export function ColleagueLimit({
  member,
  manages,
}: {
  member: Company['members'][number];
  manages: boolean;
}) {
  const update = useUpdateColleague();
  const [typed, setTyped] = useState(typedOf(member.monthlyLimit));
  if (!manages) return <>{member.monthlyLimit === null ? 'None' : formatDollars(member.monthlyLimit)}</>;
  return (
    <Form
      className="d-flex gap-1"
      aria-label={`Monthly limit of ${member.email}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const monthlyLimit = amountOf(typed);
        if (monthlyLimit === undefined) {
          notify.error(notAnAmount('monthly limit'));
          return;
        }
        update.mutate(
          { userId: member.userId, monthlyLimit },
          { onSuccess: () => notify.success(`${member.email}’s monthly limit is saved`) },
        );
      }}
    >
      <InputGroup size="sm" style={{ maxWidth: '9rem' }}>
        <InputGroup.Text>$</InputGroup.Text>
        <Form.Control
          inputMode="decimal"
          placeholder="None"
          aria-label={`Monthly limit of ${member.email} in dollars`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </InputGroup>
      <Button type="submit" size="sm" variant="outline-dark" disabled={update.isPending}>
        Set
      </Button>
    </Form>
  );
}
