import { useMutation } from '@tanstack/react-query';
import type { UploadResult } from '../../../../shared/api/uploads.schemas';
import { api } from '../../../lib/api-client';

/** POST /api/admin/uploads: one product picture; answers the address to put in the image field. */
export function useUploadPicture() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<UploadResult>('/admin/uploads', { method: 'POST', raw: { data: form } });
    },
  });
}
