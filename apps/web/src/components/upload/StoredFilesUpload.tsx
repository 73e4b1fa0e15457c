import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type UploadedFile, countMessage } from '@zhaokao/contracts';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { compressToWidth } from './compress-image';
import { acceptOf, customRequestFor, keptFiles, refusesUpload, useUploadingReport } from './upload-request';

/** An uploaded file as a record that refers to it by id keeps it. */
export interface StoredFile {
  id: number;
  name: string;
  url: string;
}

interface Props {
  /** image: pictures shown as thumbnails; file: documents, archives and pictures, shown as a list. */
  kind: 'image' | 'file';
  value?: StoredFile[];
  onChange?(value: StoredFile[]): void;
  /** At most this many; 1 replaces the file with a new upload. */
  max: number;
  /** Readable without a session (what candidates will see once published). */
  isPublic?: boolean;
  /** Told when an upload starts and when all have ended, so that the form is not confirmed half-way. */
  onUploadingChange?(uploading: boolean): void;
  buttonText?: string;
  'aria-label'?: string;
}

const toFileList = (value: StoredFile[] | undefined): UploadFile[] =>
  (value ?? []).map((f) => ({ uid: `stored-${f.id}`, name: f.name, url: f.url, status: 'done', response: f }));

const storedOf = (list: UploadFile[]): StoredFile[] =>
  list
    .filter((f) => f.status === 'done' && f.response)
    .map((f) => {
      const r = f.response as UploadedFile | StoredFile;
      return { id: r.id, name: r.name, url: r.url };
    });

const sameFiles = (a: StoredFile[] | undefined, b: StoredFile[]) =>
  (a ?? []).length === b.length && (a ?? []).every((f, i) => f.id === b[i]!.id);

/**
 * Files uploaded through the one upload call (as ImageUpload and MediaUpload do) and kept as `{ id, name, url }`:
 * for records that hold their files by id (a notice's attachments, a news item's cover).
 */
export function StoredFilesUpload({ kind, value, onChange, max, isPublic = false, onUploadingChange, buttonText, ...rest }: Props) {
  const { message } = App.useApp();
  const [fileList, setFileList] = useState<UploadFile[]>(() => toFileList(value));
  const [shownValue, setShownValue] = useState(value);
  // Only a value changed from outside (the record loaded, the form reset) replaces the list.
  if (value !== shownValue) {
    setShownValue(value);
    if (!sameFiles(value, storedOf(fileList))) setFileList(toFileList(value));
  }
  const single = max === 1;
  const picture = kind === 'image';
  useUploadingReport(fileList, onUploadingChange);

  return (
    <Upload
      accept={acceptOf(kind)}
      listType={picture ? 'picture-card' : 'text'}
      fileList={fileList}
      multiple={!single}
      maxCount={single ? 1 : undefined}
      customRequest={customRequestFor({ kind, isPublic }, picture ? compressToWidth : undefined)}
      beforeUpload={(file, batch) => {
        if (refusesUpload(message, kind, file)) return Upload.LIST_IGNORE;
        const kept = fileList.filter((f) => f.status !== 'error').length;
        if (!single && kept + batch.length > max) {
          if (file === batch[0]) message.warning(picture ? countMessage(max) : `最多可上传 ${max} 个文件`);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      onChange={({ file, fileList: next }) => {
        const list = keptFiles(next);
        setFileList(list);
        if (file.status === 'done' || file.status === 'removed') {
          const stored = storedOf(list);
          setShownValue(stored);
          onChange?.(stored);
        }
      }}
      {...rest}
    >
      {picture ? (
        fileList.length >= max ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined aria-hidden />
            <div style={{ marginTop: 8 }}>{buttonText ?? '上传图片'}</div>
          </button>
        )
      ) : (
        <Button icon={<UploadOutlined aria-hidden />} disabled={fileList.length >= max}>
          {buttonText ?? '上传文件'}
        </Button>
      )}
    </Upload>
  );
}
