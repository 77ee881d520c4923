import Form from 'react-bootstrap/Form';
import { useLocation, useNavigate } from 'react-router';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import type { Family } from '../../../../shared/api/families.schemas';
import { paths } from '../../../config/paths';
import { useFamily } from '../api/get-family';

/**
 * The variant a choice of options names: the one with exactly these values, or, when no variant has
 * them all, the one that keeps the option just changed and most of the others.
 */
export function variantFor(
  family: Family,
  chosen: Record<string, string>,
  changed: string,
): Tool | undefined {
  const exact = family.variants.find((variant) =>
    family.options.every((option) => variant.options[option.name] === chosen[option.name]),
  );
  if (exact) return exact;
  const alike = (variant: Tool) =>
    family.options.filter((option) => variant.options[option.name] === chosen[option.name]).length;
  return family.variants
    .filter((variant) => variant.options[changed] === chosen[changed])
    .sort((a, b) => alike(b) - alike(a))[0];
}

/**
 * A variant's option pickers on its product page (DESIGN §11): one list per option, each value that
 * some variant takes; choosing one opens that variant's page, so the address names the variant. A value
 * no variant has with the other options as they are says so in its list ("not with 10 mm"); choosing it
 * opens the closest variant, and the page says which other option changed for it.
 */
export function VariantPicker({ tool }: { tool: Tool }) {
  const family = useFamily(tool.family?._id ?? null);
  const navigate = useNavigate();
  const location = useLocation();
  const switched = (location.state as { variantNote?: string } | null)?.variantNote;
  if (!tool.family || !family.data) return null;
  const data = family.data;
  const others = (name: string) =>
    data.options.filter((other) => other.name !== name && tool.options[other.name] !== undefined);
  return (
    <div className="variant-picker row g-2 mb-3">
      {data.options.map((option) => {
        const offered = option.values.filter((value) =>
          data.variants.some((variant) => variant.options[option.name] === value),
        );
        /** Whether a variant has this value with every other option as the page shows it. */
        const withTheRest = (value: string) =>
          data.variants.some(
            (variant) =>
              variant.options[option.name] === value &&
              others(option.name).every((other) => variant.options[other.name] === tool.options[other.name]),
          );
        const rest = others(option.name)
          .map((other) => tool.options[other.name])
          .join(', ');
        return (
          <Form.Group key={option.name} className="col-sm-6" controlId={`variant-${option.name}`}>
            <Form.Label className="mb-1">{option.name}</Form.Label>
            <Form.Select
              value={tool.options[option.name] ?? ''}
              onChange={(event) => {
                const chosen = { ...tool.options, [option.name]: event.target.value };
                const next = variantFor(data, chosen, option.name);
                if (!next || next._id === tool._id) return;
                const changed = data.options.filter(
                  (other) => other.name !== option.name && next.options[other.name] !== chosen[other.name],
                );
                const variantNote = changed.length
                  ? `No variant has ${event.target.value} with ${changed.map((other) => chosen[other.name]).join(', ')}: ${changed.map((other) => `${other.name} is ${next.options[other.name] ?? ''}`).join(', ')} instead.`
                  : undefined;
                void navigate(paths.tool(next._id), { replace: true, state: { variantNote } });
              }}
            >
              {offered.map((value) => (
                <option key={value} value={value}>
                  {value === tool.options[option.name] || withTheRest(value)
                    ? value
                    : `${value} (not with ${rest})`}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        );
      })}
      <p className="small text-secondary mb-0" aria-live="polite" data-testid="variant-note">
        {switched ?? ''}
      </p>
    </div>
  );
}
