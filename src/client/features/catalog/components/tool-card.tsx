import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { canBeOrdered } from '../../../../shared/domain/order-quantity';
import { paths } from '../../../config/paths';
import { useQuantityBounds } from '../use-quantity-bounds';
import { ToolFacts } from './tool-facts';

export function ToolCard({ tool }: { tool: Tool }) {
  const navigate = useNavigate();
  const orderable = canBeOrdered(useQuantityBounds(tool));
  return (
    <Card as="article" className="h-100 shadow-sm tool-card" aria-labelledby={`tool-${tool._id}`}>
      <Card.Img variant="top" src={tool.img} alt={tool.name} loading="lazy" width={600} height={450} />
      <Card.Body className="d-flex flex-column">
        <div className="small text-secondary mb-1">{tool.category.name}</div>
        <Card.Title as="h3" id={`tool-${tool._id}`} className="h5">
          <Link to={paths.tool(tool._id)} className="text-reset">
            {tool.name}
          </Link>
        </Card.Title>
        <Card.Text className="text-secondary small flex-grow-1">{tool.dis}</Card.Text>
        <ToolFacts tool={tool} />
        <Button
          variant="warning"
          className="fw-semibold"
          disabled={!orderable}
          onClick={() => void navigate(paths.buyNow(tool._id))}
        >
          Buy Now
        </Button>
      </Card.Body>
    </Card>
  );
}
