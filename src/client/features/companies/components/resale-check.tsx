import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';
import { useCertificates, useCompany } from '../api/companies';

/**
 * 'Not for resale', for a buyer whose company holds an approved, unexpired certificate: the
 * order is then taxed as any other, the certificate notwithstanding (the tools are for the company's
 * own use). Said in the words of the certificate the company holds: a resale certificate covers goods
 * bought to resell, an exemption certificate the company's exempt purchases. Nothing for anyone else.
 */
export function ResaleCheck({ idPrefix }: { idPrefix: string }) {
  const company = useCompany().data;
  const certificates = useCertificates({ enabled: Boolean(company) });
  const { register } = useFormContext<{ notForResale?: boolean }>();
  const held = (certificates.data ?? []).filter((c) => c.status === 'approved' && !c.expired);
  if (held.length === 0) return null;
  const resells = held.some((certificate) => certificate.kind === 'resale');
  return (
    <Form.Check
      className="mb-3"
      id={`${idPrefix}-not-for-resale`}
      label={
        resells
          ? 'Not for resale: for our own use, so charge the tax (our resale certificate does not apply)'
          : 'Not covered by our exemption: charge the tax (our exemption certificate does not apply)'
      }
      {...register('notForResale')}
    />
  );
}
