import { UploadOutlined } from '@ant-design/icons';
import type { UploadedFile } from '@zhaokao/contracts';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { acceptOf, customRequestFor, keptFiles, refusesUpload } from './upload-request';

export interface FileValue {
  fileName: string;
  url: string;
}

interface Props {
  /** video: 10000 KB by default; audio: mp3/mpeg; file: one document or archive. */
  kind: 'video' | 'audio' | 'file';
  value?: FileValue | null;
  onChange?(value: FileValue | null): void;
  /** Told when an upload starts and when it has ended, so that a form is not submitted half-way. */
  onUploadingChange?(uploading: boolean): void;
  maxKb?: number;
  /** Readable without a session (what candidates will see once published). */
  isPublic?: boolean;
  buttonText?: string;
  'aria-label'?: string;
}

/** A single video, audio or document; a new upload replaces the old one. */
export function MediaUpload({ kind, value, onChange, onUploadingChange, maxKb, isPublic = false, buttonText, ...rest }: Props) {
  const { message } = App.useApp();
  const [fileList, setFileList] = useState<UploadFile[]>(() =>
    value ? [{ uid: value.url, name: value.fileName, url: value.url, status: 'done' }] : [],
  );
  return (
    <Upload
      accept={acceptOf(kind)}
      maxCount={1}
      fileList={fileList}
      customRequest={customRequestFor({ kind, maxKb, isPublic })}
      beforeUpload={(file) => (refusesUpload(message, kind, file, maxKb) ? Upload.LIST_IGNORE : true)}
      onChange={({ file, fileList: next }) => {
        const list = keptFiles(next);
        setFileList(list);
        onUploadingChange?.(list.some((f) => f.status === 'uploading'));
        if (file.status === 'done') onChange?.({ fileName: file.name, url: (file.response as UploadedFile).url });
        if (file.status === 'removed') onChange?.(null);
      }}
      {...rest}
    >
      <Button icon={<UploadOutlined />}>{buttonText ?? { video: '上传视频', audio: '上传音频', file: '上传文件' }[kind]}</Button>
    </Upload>
  );
}
