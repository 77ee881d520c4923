import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
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
 * some variant takes; choosing one opens that variant's page, so the address names the variant.
 */
export function VariantPicker({ tool }: { tool: Tool }) {
  const family = useFamily(tool.family?._id ?? null);
  const navigate = useNavigate();
  if (!tool.family || !family.data) return null;
  const data = family.data;
  return (
    <div className="variant-picker row g-2 mb-3">
      {data.options.map((option) => {
        const offered = option.values.filter((value) =>
          data.variants.some((variant) => variant.options[option.name] === value),
        );
        return (
          <Form.Group key={option.name} className="col-sm-6" controlId={`variant-${option.name}`}>
            <Form.Label className="mb-1">{option.name}</Form.Label>
            <Form.Select
              value={tool.options[option.name] ?? ''}
              onChange={(event) => {
                const next = variantFor(
                  data,
                  { ...tool.options, [option.name]: event.target.value },
                  option.name,
                );
                if (next && next._id !== tool._id) void navigate(paths.tool(next._id), { replace: true });
              }}
            >
              {offered.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        );
      })}
    </div>
  );
}
