import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  CERTIFICATE_TYPES,
  MAX_CERTIFICATE_BYTES,
  type TaxCertificate,
} from '../../../../shared/api/tax.schemas';
import { formatDay } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCertificates, useUploadCertificate } from '../api/companies';

/** A certificate's state in a word, for its company. */
export function certificateState(certificate: TaxCertificate): { label: string; bg: string } {
  if (certificate.status === 'pending') return { label: 'Waiting for the shop', bg: 'secondary' };
  if (certificate.status === 'rejected') return { label: 'Not accepted', bg: 'danger' };
  return certificate.expired ? { label: 'Expired', bg: 'warning' } : { label: 'Approved', bg: 'success' };
}

/** The file's bytes as base64, as the API takes them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A company's tax exemption and resale certificates: each with the places it covers, its
 * expiry and the shop's decision; its admins upload new ones (a PDF or a picture), which count once the
 * shop approves them, until they expire.
 */
export function TaxCertificates({ manages }: { manages: boolean }) {
  const certificates = useCertificates();
  const upload = useUploadCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState({
    kind: 'resale' as 'resale' | 'exemption',
    number: '',
    regions: '',
    expiresOn: '',
  });
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    setProblem(null);
    if (!file) return setProblem('Please choose the certificate’s file');
    if (file.size > MAX_CERTIFICATE_BYTES) return setProblem('The file may be at most 4 MB');
    upload.mutate(
      {
        kind: fields.kind,
        number: fields.number,
        regions: fields.regions.split(/[\s,]+/).filter(Boolean),
        expiresOn: fields.expiresOn,
        fileName: file.name,
        content: await base64Of(file),
      },
      {
        onSuccess: () => {
          notify.success('Certificate uploaded: the shop will check it and tell you by mail');
          setFields({ kind: 'resale', number: '', regions: '', expiresOn: '' });
          setFile(null);
          void certificates.refetch();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }

  const list = certificates.data ?? [];
  return (
    <section className="mt-4" aria-labelledby="certificates-title">
      <h3 className="h5" id="certificates-title">
        Tax exemption and resale certificates
      </h3>
      <p className="small text-secondary">
        Orders delivered where an approved, unexpired certificate applies are not taxed. We mail your admins
        30 days before one expires.
      </p>
      {list.length > 0 ? (
        <ul className="list-unstyled" aria-label="Certificates">
          {list.map((certificate) => {
            const state = certificateState(certificate);
            return (
              <li key={certificate._id} className="mb-2" data-testid="certificate">
                <Badge bg={state.bg} className="me-2">
                  {state.label}
                </Badge>
                {certificate.number} ({certificate.kind}): {certificate.regions.join(', ')}, until{' '}
                {formatDay(certificate.expiresOn)}{' '}
                <a href={`/api/company/tax-certificates/${certificate._id}/file`}>{certificate.fileName}</a>
                {certificate.rejectionReason && (
                  <div className="small text-danger">{certificate.rejectionReason}</div>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="small">No certificates yet.</p>
      )}
      {manages && (
        <Form
          aria-label="Upload a tax certificate"
          className="border rounded p-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {problem && (
            <Alert variant="danger" className="small">
              {problem}
            </Alert>
          )}
          <div className="row g-3">
            <Form.Group className="col-sm-4" controlId="certificate-kind">
              <Form.Label>Kind</Form.Label>
              <Form.Select
                value={fields.kind}
                onChange={(event) =>
                  setFields({ ...fields, kind: event.target.value as 'resale' | 'exemption' })
                }
              >
                <option value="resale">Resale certificate</option>
                <option value="exemption">Exemption certificate</option>
              </Form.Select>
            </Form.Group>
            <Form.Group className="col-sm-8" controlId="certificate-number">
              <Form.Label>Certificate number</Form.Label>
              <Form.Control
                value={fields.number}
                maxLength={60}
                onChange={(event) => setFields({ ...fields, number: event.target.value })}
              />
            </Form.Group>
            <Form.Group className="col-sm-8" controlId="certificate-regions">
              <Form.Label>Places it covers</Form.Label>
              <Form.Control
                value={fields.regions}
                placeholder="US-PA, US-OH, CA"
                aria-describedby="certificate-regions-hint"
                onChange={(event) => setFields({ ...fields, regions: event.target.value })}
              />
              <Form.Text id="certificate-regions-hint">
                States or provinces as US-PA or CA-ON, or a whole country as CA.
              </Form.Text>
            </Form.Group>
            <Form.Group className="col-sm-4" controlId="certificate-expires">
              <Form.Label>Expires on</Form.Label>
              <Form.Control
                type="date"
                value={fields.expiresOn}
                onChange={(event) => setFields({ ...fields, expiresOn: event.target.value })}
              />
            </Form.Group>
            <Form.Group className="col-12" controlId="certificate-file">
              <Form.Label>The certificate (PDF, PNG or JPEG, up to 4 MB)</Form.Label>
              <Form.Control
                type="file"
                accept={Object.keys(CERTIFICATE_TYPES).join(',')}
                onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
              />
            </Form.Group>
          </div>
          <Button type="submit" variant="dark" className="mt-3" disabled={upload.isPending}>
            Upload certificate
          </Button>
        </Form>
      )}
    </section>
  );
}
