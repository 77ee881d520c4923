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

/**
 * A labelled form control with its inline error, tied to it for assistive technology (`aria-invalid`,
 * `aria-describedby`); takes react-hook-form's `register(...)` spread too.
 */
export function FormField({
  controlId,
  label,
  error,
  hint,
  groupClassName = 'mb-3',
  ...control
}: FormFieldProps) {
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  // Screen readers announce the field as invalid and read its error (and hint) with it (WCAG 3.3.1).
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <Form.Group className={groupClassName} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...control}
      />
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
      {hint && <Form.Text id={hintId}>{hint}</Form.Text>}
    </Form.Group>
  );
}
