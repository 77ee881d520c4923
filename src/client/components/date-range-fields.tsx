import Form from 'react-bootstrap/Form';

/** A From and a To day (YYYY-MM-DD, either may be empty) for a list's filter; days are UTC, as the server keeps them. */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  onChange,
}: {
  idPrefix: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (changes: { from?: string; to?: string }) => void;
}) {
  const fields = [
    { name: 'from', label: 'From (UTC)', value: from },
    { name: 'to', label: 'To (UTC)', value: to },
  ] as const;
  return (
    <>
      {fields.map((field) => (
        <Form.Group key={field.name} controlId={`${idPrefix}-${field.name}`}>
          <Form.Label className="small mb-1">{field.label}</Form.Label>
          <Form.Control
            size="sm"
            type="date"
            value={field.value ?? ''}
            onChange={(event) => onChange({ [field.name]: event.target.value })}
          />
        </Form.Group>
      ))}
    </>
  );
}
