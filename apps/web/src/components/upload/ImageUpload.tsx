import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_DISPLAY_SIZE, DEFAULT_MAX_COUNT, UPLOAD_RULES, countMessage, joinUrls, splitUrls } from '@zhaokao/contracts';
import { App, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { compressToWidth } from './compress-image';
import { acceptOf, customRequestFor, keptFiles, refusesUpload, useUploadingReport } from './upload-request';

interface Props {
  /** Comma-separated image urls (SPEC §3). */
  value?: string;
  onChange?(value: string): void;
  /** At most this many images; default 99. */
  limit?: number;
  /** Keeps one image: a new upload replaces the old. */
  single?: boolean;
  maxKb?: number;
  /** Scale to a width of 1920 px before sending. */
  compress?: boolean;
  isPublic?: boolean;
  size?: number;
  /** Told when an upload starts and when all have ended, so that what holds the field waits for them. */
  onUploadingChange?(uploading: boolean): void;
  'aria-label'?: string;
}

const toFileList = (value: string | undefined): UploadFile[] =>
  splitUrls(value).map((url, i) => ({ uid: `saved-${i}-${url}`, name: url.slice(url.lastIndexOf('/') + 1), status: 'done', url }));

const urlsOf = (list: UploadFile[]) => joinUrls(list.filter((f) => f.status === 'done' && f.url).map((f) => f.url!));

export function ImageUpload({
  value,
  onChange,
  limit = DEFAULT_MAX_COUNT,
  single = false,
  maxKb = UPLOAD_RULES.image.defaultMaxKb,
  compress = false,
  isPublic = false,
  size = DEFAULT_DISPLAY_SIZE,
  onUploadingChange,
  ...rest
}: Props) {
  const { message } = App.useApp();
  const max = single ? 1 : limit;
  const [fileList, setFileList] = useState<UploadFile[]>(() => toFileList(value));
  const [shownValue, setShownValue] = useState(value);
  // Only a change of the value from outside (a form reset, data loaded) replaces the list.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== urlsOf(fileList)) setFileList(toFileList(value));
  }

  useUploadingReport(fileList, onUploadingChange);

  function emit(list: UploadFile[]) {
    const urls = urlsOf(list);
    setShownValue(urls);
    onChange?.(urls);
  }

  return (
    <Upload
      accept={acceptOf('image')}
      listType="picture-card"
      fileList={fileList}
      multiple={!single}
      maxCount={single ? 1 : undefined}
      customRequest={customRequestFor({ kind: 'image', maxKb, isPublic }, compress ? compressToWidth : undefined)}
      beforeUpload={(file, batch) => {
        if (refusesUpload(message, 'image', file, maxKb)) return Upload.LIST_IGNORE;
        const kept = fileList.filter((f) => f.status !== 'error').length;
        if (!single && kept + batch.length > max) {
          if (file === batch[0]) message.warning(countMessage(max));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      onChange={({ file, fileList: next }) => {
        const list = keptFiles(next);
        setFileList(list);
        if (file.status === 'done' || file.status === 'removed') emit(list);
      }}
      style={{ ['--upload-size' as string]: `${size}px` }}
      {...rest}
    >
      {fileList.length >= max ? null : (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>上传图片</div>
        </button>
      )}
    </Upload>
  );
}
