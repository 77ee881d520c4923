import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';
import { useCertificates, useCompany } from '../api/companies';

/**
 * 'Not for resale', for a buyer whose company holds an approved, unexpired certificate: the
 * order is then taxed as any other, the certificate notwithstanding (the tools are for the company's
 * own use). Nothing for anyone else.
 */
export function ResaleCheck({ idPrefix }: { idPrefix: string }) {
  const company = useCompany().data;
  const certificates = useCertificates({ enabled: Boolean(company) });
  const { register } = useFormContext<{ notForResale?: boolean }>();
  const holds = (certificates.data ?? []).some((c) => c.status === 'approved' && !c.expired);
  if (!holds) return null;
  return (
    <Form.Check
      className="mb-3"
      id={`${idPrefix}-not-for-resale`}
      label="Not for resale: for our own use, so charge the tax (our certificate does not apply)"
      {...register('notForResale')}
    />
  );
}
