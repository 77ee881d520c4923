import type { Tool } from '../../../../shared/api/catalog.schemas';
import { DOCUMENT_KIND_NAMES } from '../../../../shared/api/uploads.schemas';

/**
 * The product page's documents (DESIGN §11): its datasheets, safety data sheets and manuals, then its
 * family's, each a PDF to open or download; nothing while it has none.
 */
export function ProductDocuments({ tool }: { tool: Tool }) {
  if (tool.documents.length === 0) return null;
  return (
    <section aria-labelledby="documents-heading" className="mb-4">
      <h2 id="documents-heading" className="h5">
        Documents
      </h2>
      <ul className="list-unstyled mb-0 product-documents">
        {tool.documents.map((document) => (
          <li key={document.url} className="py-1">
            <a href={document.url} target="_blank" rel="noreferrer" data-testid="product-document">
              {document.title}
            </a>{' '}
            <span className="small text-secondary">
              {DOCUMENT_KIND_NAMES[document.kind]} · PDF
              {document.source === 'family' ? ' · for all variants' : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
