import Form from 'react-bootstrap/Form';
import type { Order } from '../../../../shared/api/orders.schemas';
import { formatUnits } from '../../../lib/format';

type Line = Order['lines'][number];

/**
 * A table of an order's lines with how many units each has for something (ready to ship, not shipped)
 * and an input for how many to take: the ship and cancel forms of the admin's order page.
 */
export function UnitsPerLine({
  caption,
  lines,
  available,
  availableTitle,
  takeTitle,
  verb,
  units,
  onChange,
}: {
  caption: string;
  lines: readonly Line[];
  available: (line: Line) => number;
  availableTitle: string;
  takeTitle: string;
  /** What the input does, for its label: "ship" names it "Units of SKU to ship". */
  verb: string;
  units: Record<number, string>;
  onChange: (units: Record<number, string>) => void;
}) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-2">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col" className="text-end">
              {availableTitle}
            </th>
            <th scope="col" className="text-end">
              {takeTitle}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.line}>
              <td>
                <span className="font-monospace">{line.sku}</span>
                <div className="small text-secondary">{line.name}</div>
              </td>
              <td className="text-end">{formatUnits(available(line))}</td>
              <td className="text-end" style={{ width: '8rem' }}>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={available(line)}
                  placeholder="0"
                  aria-label={`Units of ${line.sku ?? ''} to ${verb}`}
                  value={units[line.line] ?? ''}
                  onChange={(event) => onChange({ ...units, [line.line]: event.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The lines and units a form's inputs ask for, by SKU (lines left at 0 or empty are left out). */
export const askedUnits = (lines: readonly Line[], units: Record<number, string>) =>
  lines.flatMap((line) => {
    const quantity = Number(units[line.line] ?? 0);
    return line.sku && quantity > 0 ? [{ sku: line.sku, quantity }] : [];
  });
