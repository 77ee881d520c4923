import type { Tool } from '../../../../shared/api/catalog.schemas';

/** A product's picture at the head of its page (the product page and the buy page). */
export function ToolPicture({ tool, priority = false }: { tool: Tool; priority?: boolean }) {
  return (
    <img
      src={tool.img}
      alt={tool.name}
      className="img-fluid rounded-3 shadow-sm w-100"
      width={600}
      height={450}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
