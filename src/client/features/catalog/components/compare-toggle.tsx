import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { MAX_COMPARED, clearCompared, toggleCompared, useCompared } from '../compare-store';

/** A product's 'Compare' checkbox, on its card and its page. */
export function CompareToggle({ toolId, name }: { toolId: string; name: string }) {
  const compared = useCompared();
  return (
    <Form.Check
      type="checkbox"
      className="small mb-2"
      id={`compare-${toolId}`}
      label="Compare"
      aria-label={`Compare ${name}`}
      checked={compared.includes(toolId)}
      onChange={(event) => toggleCompared(toolId, event.target.checked)}
    />
  );
}

/** The bar under the results once two products are picked: how many, and the way to compare them. */
export function CompareBar() {
  const compared = useCompared();
  if (compared.length < 2) return null;
  return (
    <div className="compare-bar sticky-bottom bg-body border rounded shadow-sm p-2 mt-3 d-flex gap-2 align-items-center">
      <span className="me-auto small">
        {compared.length} of {MAX_COMPARED} products picked
      </span>
      <button type="button" className="btn btn-link btn-sm" onClick={clearCompared}>
        Clear
      </button>
      <Link className="btn btn-dark btn-sm" to={paths.compare(...compared)}>
        Compare {compared.length}
      </Link>
    </div>
  );
}
