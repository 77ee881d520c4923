import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContractPrice } from './contract-price';

describe('ContractPrice', () => {
  it('names the list, and says why on demand with what the list price would be', () => {
    const { container } = render(<ContractPrice list="Acme 2027" unitPrice={15} listUnitPrice={20} />);
    expect(screen.getByText('Your contract price (list Acme 2027)')).toBeTruthy();
    expect(screen.getByText('Why this price?').tagName).toBe('SUMMARY');
    expect(container.querySelector('details')?.textContent).toContain(
      'Your company holds the price list Acme 2027, agreed with the shop; it sets this price for you. The list price is $20.00 a unit: you pay $5.00 less (25 %).',
    );
  });

  it('says an order line was priced by the list when it was placed, without a list price it cannot know', () => {
    const { container } = render(
      <ContractPrice list="Acme 2027" unitPrice={15} listUnitPrice={null} when="ordered" />,
    );
    const why = container.querySelector('details')?.textContent ?? '';
    expect(why).toContain("When this order was placed, your company's price list Acme 2027 set this price.");
    expect(why).not.toContain('list price is');
  });
});
