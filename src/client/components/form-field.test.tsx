import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';

describe('FormField', () => {
  it('ties an error and a hint to the field, and marks it invalid', () => {
    render(
      <FormField controlId="qty" label="Quantity" error="Please enter a quantity" hint="At least 100" />,
    );
    const input = screen.getByLabelText('Quantity');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Please enter a quantity', 'At least 100']);
  });

  it('says nothing of validity before there is an error', () => {
    render(<FormField controlId="name" label="Name" />);
    const input = screen.getByLabelText('Name');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});
