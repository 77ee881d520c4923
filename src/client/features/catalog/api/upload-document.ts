import { useMutation } from '@tanstack/react-query';
import type { UploadResult } from '../../../../shared/api/uploads.schemas';
import { api } from '../../../lib/api-client';

/** POST /api/admin/documents: one PDF (a datasheet, a safety data sheet); answers its address. */
export function useUploadDocument() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<UploadResult>('/admin/documents', { method: 'POST', raw: { data: form } });
    },
    meta: { errorToast: false },
  });
}
