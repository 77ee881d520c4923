import Form from 'react-bootstrap/Form';
import { type Control, useController } from 'react-hook-form';
import { MAX_PICTURE_BYTES, PICTURE_TYPES } from '../../../../shared/api/uploads.schemas';
import { FormField } from '../../../components/form-field';
import { useUploadPicture } from '../api/upload-picture';
import type { ProductFormValues } from '../product-form';

const ACCEPT = Object.keys(PICTURE_TYPES).join(',');

/**
 * The product's picture: a web address or a path of this shop, or a picture uploaded from the admin's
 * computer (its address is filled in). The server checks the file's type and size again.
 */
export function PictureField({
  control,
  idPrefix,
}: {
  control: Control<ProductFormValues>;
  idPrefix: string;
}) {
  const {
    field: { name, value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController({ control, name: 'img' });
  const upload = useUploadPicture();

  function choose(file: File | undefined) {
    upload.reset();
    if (!file) return;
    upload.mutate(file, { onSuccess: ({ url }) => onChange(url) });
  }

  const uploadError = upload.error?.message ?? null;
  return (
    <div className="mb-3">
      <FormField
        groupClassName="mb-2"
        controlId={`${idPrefix}-img`}
        label="Image"
        error={error?.message}
        hint="A https:// address, a path of this shop such as /images/tools/drill.svg, or upload a picture below."
        type="text"
        inputMode="url"
        placeholder="https://… or /images/…"
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        ref={ref}
      />
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Form.Group controlId={`${idPrefix}-picture-file`} className="flex-grow-1">
          <Form.Label className="small mb-1">
            Upload a picture (JPEG, PNG or WebP, at most {MAX_PICTURE_BYTES / 1024 / 1024} MB)
          </Form.Label>
          <Form.Control
            type="file"
            size="sm"
            accept={ACCEPT}
            disabled={upload.isPending}
            isInvalid={Boolean(uploadError)}
            aria-describedby={uploadError ? `${idPrefix}-picture-error` : undefined}
            onChange={(event) => choose((event.target as HTMLInputElement).files?.[0])}
          />
          <Form.Control.Feedback type="invalid" id={`${idPrefix}-picture-error`}>
            {uploadError}
          </Form.Control.Feedback>
          <div aria-live="polite" className="small text-secondary">
            {upload.isPending
              ? 'Uploading…'
              : upload.isSuccess
                ? 'Uploaded: the image address is filled in.'
                : ''}
          </div>
        </Form.Group>
        {value && !error && <img src={value} alt="" className="picture-preview" width={64} height={64} />}
      </div>
    </div>
  );
}
