import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_RULES, type UploadedFile, uploadProblem } from '@zhaokao/contracts';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { customRequestFor } from './upload-request';

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
  buttonText?: string;
  'aria-label'?: string;
}

/** A single video, audio or document; a new upload replaces the old one. */
export function MediaUpload({ kind, value, onChange, onUploadingChange, maxKb, buttonText, ...rest }: Props) {
  const { message } = App.useApp();
  const rule = UPLOAD_RULES[kind];
  const [fileList, setFileList] = useState<UploadFile[]>(() =>
    value ? [{ uid: value.url, name: value.fileName, url: value.url, status: 'done' }] : [],
  );
  return (
    <Upload
      accept={rule.extensions.map((e) => `.${e}`).join(',')}
      maxCount={1}
      fileList={fileList}
      customRequest={customRequestFor({ kind, maxKb })}
      beforeUpload={(file) => {
        const problem = uploadProblem(kind, file.name, file.size, maxKb);
        if (problem) {
          message.error(problem);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      onChange={({ file, fileList: next }) => {
        const list = next
          .filter((f) => f.status !== 'error')
          .map((f) => (f.status === 'done' && f.response ? { ...f, url: (f.response as UploadedFile).url } : f));
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
