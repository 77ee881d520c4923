import Form from 'react-bootstrap/Form';
import type { Facet, SpecValue } from '../../../../shared/domain/specifications';
import { specText } from '../../../../shared/domain/specifications';
import { formatUnits } from '../../../lib/format';

/** A value as a filter shows it: a number with its unit, yes or no, or the enum's word. */
export function specLabel(value: SpecValue, unit: string | null): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return unit ? `${value} ${unit}` : String(value);
  return value;
}

/**
 * The search's specification facets (DESIGN §11): each attribute's values among the matches as
 * checkboxes with their counts. Ticking a value narrows to it, a second value of the same attribute
 * widens to either; each change is a new URL.
 */
export function SpecFacets({
  facets,
  chosen,
  onChange,
}: {
  facets: readonly Facet[];
  chosen: Record<string, string[]>;
  onChange: (spec: Record<string, string[]>) => void;
}) {
  if (facets.length === 0) return null;
  const toggle = (key: string, text: string, on: boolean) => {
    const values = (chosen[key] ?? []).filter((value) => value !== text);
    const next = { ...chosen, [key]: on ? [...values, text] : values };
    onChange(Object.fromEntries(Object.entries(next).filter(([, kept]) => kept.length > 0)));
  };
  return (
    <div className="spec-facets mt-3">
      {facets.map((facet) => (
        <fieldset key={facet.key} className="mb-3" data-testid={`facet-${facet.key}`}>
          <legend className="form-label fs-6 mb-1">
            {facet.name}
            {facet.unit ? ` (${facet.unit})` : ''}
          </legend>
          {facet.values.map(({ value, count }) => {
            const text = specText(value);
            // A boolean filter is written true/false in the URL, as the API reads it.
            const written = typeof value === 'boolean' ? String(value) : text;
            const checked = chosen[facet.key]?.includes(written) ?? false;
            return (
              <Form.Check
                key={written}
                type="checkbox"
                id={`facet-${facet.key}-${written.replace(/[^a-zA-Z0-9]+/g, '-')}`}
                label={
                  <>
                    {specLabel(value, facet.unit)}{' '}
                    <span className="text-secondary small">({formatUnits(count)})</span>
                  </>
                }
                checked={checked}
                disabled={count === 0 && !checked}
                onChange={(event) => toggle(facet.key, written, event.target.checked)}
              />
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
