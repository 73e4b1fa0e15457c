import { UPLOAD_RULES, type UploadKind, type UploadedFile, uploadProblem } from '@zhaokao/contracts';
import type { UploadFile, UploadProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect, useLayoutEffect, useRef } from 'react';
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

/** The `accept` of a file input for a kind of upload: `.jpg,.png,…`. */
export const acceptOf = (kind: UploadKind) => UPLOAD_RULES[kind].extensions.map((e) => `.${e}`).join(',');

/** Whether the file breaks its kind's rules (type, size); if so the reason is shown and the file is to be left out. */
export function refusesUpload(message: MessageInstance, kind: UploadKind, file: File, maxKb?: number): boolean {
  const problem = uploadProblem(kind, file.name, file.size, maxKb);
  if (problem) message.error(problem);
  return problem !== null;
}

/** The list after a change: failed uploads dropped, finished ones pointing at the address the server stored them at. */
export const keptFiles = (list: UploadFile[]) =>
  list
    .filter((f) => f.status !== 'error')
    .map((f) => (f.status === 'done' && f.response ? { ...f, url: (f.response as UploadedFile).url } : f));

/** Tells `onUploadingChange` whether a file of the list is still uploading, and that none is once the control goes. */
export function useUploadingReport(fileList: UploadFile[], onUploadingChange: ((uploading: boolean) => void) | undefined) {
  const uploading = fileList.some((f) => f.status === 'uploading');
  const report = useRef(onUploadingChange);
  useLayoutEffect(() => {
    report.current = onUploadingChange;
  });
  useEffect(() => report.current?.(uploading), [uploading]);
  useEffect(() => () => report.current?.(false), []);
}
