import { useMutation } from '@tanstack/react-query';
import type { ImportReport } from '../../../../shared/api/products.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** GET /api/admin/products.csv: the whole catalog as a file (a link the browser downloads). */
export const productsCsvUrl = '/api/admin/products.csv';

/**
 * POST /api/admin/products/import: a dry run (what the file would do, with every problem by line), or
 * the commit of all its rows at once.
 */
export function useImportProducts() {
  const invalidate = useInvalidate(queryRoots.tools);
  return useMutation({
    mutationFn: ({ file, commit, setStock }: { file: File; commit: boolean; setStock: boolean }) =>
      api<ImportReport>(`/admin/products/import?commit=${commit}&stock=${setStock ? 'set' : 'keep'}`, {
        method: 'POST',
        raw: { data: file, type: 'text/csv' },
      }),
    onSuccess: async (report) => {
      if (report.committed) await invalidate();
    },
  });
}
