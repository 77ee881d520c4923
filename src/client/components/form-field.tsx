import type { ComponentProps, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'isInvalid' | 'id'>;

interface FormFieldProps extends ControlProps {
  controlId: string;
  label: ReactNode;
  /** Shown under the field, which turns red, when set. */
  error?: string | undefined;
  hint?: ReactNode;
  groupClassName?: string;
}

/** A labelled form control with its inline error; takes react-hook-form's `register(...)` spread too. */
export function FormField({
  controlId,
  label,
  error,
  hint,
  groupClassName = 'mb-3',
  ...control
}: FormFieldProps) {
  return (
    <Form.Group className={groupClassName} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control isInvalid={Boolean(error)} {...control} />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      {hint && <Form.Text>{hint}</Form.Text>}
    </Form.Group>
  );
}
