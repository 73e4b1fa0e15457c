import type { UploadKind, UploadedFile } from '@zhaokao/contracts';
import type { UploadProps } from 'antd';
import { request } from '../../lib/api-client';

export interface UploadTarget {
  kind: UploadKind;
  maxKb?: number;
  /** Logos and login backgrounds must be readable before sign-in. */
  isPublic?: boolean;
}

/** Sends one file to the server; a code other than 200 shows the server's message (SPEC §5). */
export function uploadFile(file: Blob, name: string, target: UploadTarget): Promise<UploadedFile> {
  const query = new URLSearchParams({ kind: target.kind, public: target.isPublic ? '1' : '0' });
  if (target.maxKb) query.set('maxKb', String(target.maxKb));
  const body = new FormData();
  body.append('file', file, name);
  return request<UploadedFile>(`/api/admin/qiniu/imageUpload?${query}`, { method: 'POST', body });
}

export function customRequestFor(target: UploadTarget, prepare?: (file: File) => Promise<Blob>): UploadProps['customRequest'] {
  return async ({ file, onSuccess, onError }) => {
    const original = file as File;
    try {
      const blob = prepare ? await prepare(original) : original;
      onSuccess?.(await uploadFile(blob, original.name, target));
    } catch (error) {
      onError?.(error as Error);
    }
  };
}
