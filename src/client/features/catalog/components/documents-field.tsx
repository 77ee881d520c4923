import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import {
  DOCUMENT_KIND_NAMES,
  DOCUMENT_KINDS,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
} from '../../../../shared/api/uploads.schemas';
import { FormField } from '../../../components/form-field';
import { useUploadDocument } from '../api/upload-document';
import type { ProductFormValues } from '../product-form';

/** A title from a file's name: `FT-DRL-20V datasheet.pdf` → `FT-DRL-20V datasheet`. */
const titleOf = (file: File) => file.name.replace(/\.pdf$/i, '').slice(0, 120) || 'Document';

/**
 * The product's documents (DESIGN §11): a row each with its title, kind and address. Uploading a PDF
 * adds a row with the uploaded file's address; an address on the manufacturer's own https:// site
 * may be typed instead. The server checks each again.
 */
export function DocumentsField({
  control,
  register,
  errors,
  idPrefix,
}: {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  idPrefix: string;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'documents' });
  const upload = useUploadDocument();
  const full = fields.length >= MAX_DOCUMENTS;

  function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    upload.reset();
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        append({ title: titleOf(file), kind: 'datasheet', url });
        // The same file may be chosen again after its row was removed.
        input.value = '';
      },
    });
  }

  const problem = errors.documents?.message ?? errors.documents?.root?.message;
  const uploadError = upload.error?.message ?? null;
  return (
    <fieldset className="mb-3" aria-describedby={`${idPrefix}-documents-help`}>
      <legend className="form-label fs-6 mb-1">Documents</legend>
      <Form.Text id={`${idPrefix}-documents-help`} className="d-block mb-2">
        Datasheets, safety data sheets and manuals, listed on the product page for buyers to download.
      </Form.Text>
      {fields.map((field, index) => (
        <Row key={field.id} className="g-2 align-items-start mb-2" data-testid="document-row">
          <Col xs={12} sm={5}>
            <FormField
              groupClassName=""
              controlId={`${idPrefix}-document-${index}-title`}
              label={`Document ${index + 1}: title`}
              error={errors.documents?.[index]?.title?.message}
              {...register(`documents.${index}.title`)}
            />
          </Col>
          <Col xs={7} sm={4}>
            <Form.Group controlId={`${idPrefix}-document-${index}-kind`}>
              <Form.Label>Kind</Form.Label>
              <Form.Select {...register(`documents.${index}.kind`)}>
                {DOCUMENT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {DOCUMENT_KIND_NAMES[kind]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={5} sm={3} className="pt-4 mt-2 d-flex gap-2">
            <a href={field.url} target="_blank" rel="noreferrer" className="btn btn-sm btn-outline-secondary">
              Open
            </a>
            <Button size="sm" variant="outline-danger" onClick={() => remove(index)}>
              Remove
            </Button>
          </Col>
          {errors.documents?.[index]?.url?.message && (
            <div className="text-danger small">{errors.documents[index].url.message}</div>
          )}
        </Row>
      ))}
      {problem && <div className="text-danger small mb-2">{problem}</div>}
      <Form.Group controlId={`${idPrefix}-document-file`}>
        <Form.Label className="small mb-1">
          Upload a PDF (at most {MAX_DOCUMENT_BYTES / 1024 / 1024} MB)
          {full ? `: a product lists at most ${MAX_DOCUMENTS}` : ''}
        </Form.Label>
        <Form.Control
          type="file"
          size="sm"
          accept="application/pdf,.pdf"
          disabled={upload.isPending || full}
          isInvalid={Boolean(uploadError)}
          aria-describedby={uploadError ? `${idPrefix}-document-error` : undefined}
          onChange={(event) => choose(event.target as HTMLInputElement)}
        />
        <Form.Control.Feedback type="invalid" id={`${idPrefix}-document-error`}>
          {uploadError}
        </Form.Control.Feedback>
        <div aria-live="polite" className="small text-secondary">
          {upload.isPending ? 'Uploading…' : ''}
        </div>
      </Form.Group>
    </fieldset>
  );
}
