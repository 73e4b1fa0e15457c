import { DEFAULT_MAX_COUNT, UPLOAD_RULES, splitUrls } from '@zhaokao/contracts';
import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { ImageUpload } from '../upload/ImageUpload';
import { type FileValue, MediaUpload } from '../upload/MediaUpload';

export type MediaKind = 'video' | 'audio' | 'gallery';

const TITLES: Record<MediaKind, string> = { video: '插入视频', audio: '插入音频', gallery: '插入图片组' };

const ruleText = (kind: 'video' | 'audio' | 'image') =>
  `支持 ${UPLOAD_RULES[kind].extensions.join('、')}，单个不超过 ${UPLOAD_RULES[kind].defaultMaxKb}kb`;

/**
 * 插入视频 / 插入音频 / 插入图片组: SPEC's upload widgets (one video of up to 10000 KB, one mp3/mpeg audio, up to 99
 * images) in a dialog; 插入 hands the uploaded addresses to the editor. The files are public, as the published
 * content is read by candidates. 插入 waits until every upload has ended.
 */
export function InsertMediaModal({ kind, onInsert, onClose }: { kind: MediaKind; onInsert(urls: string[]): void; onClose(): void }) {
  const [media, setMedia] = useState<FileValue | null>(null);
  const [images, setImages] = useState('');
  const [uploading, setUploading] = useState(false);
  const urls = kind === 'gallery' ? splitUrls(images) : media ? [media.url] : [];

  return (
    <Modal
      open
      title={TITLES[kind]}
      okText="插入"
      width={kind === 'gallery' ? 720 : 480}
      okButtonProps={{ disabled: urls.length === 0 || uploading }}
      onOk={() => onInsert(urls)}
      onCancel={onClose}
      destroyOnHidden
    >
      {kind === 'gallery' ? (
        <ImageUpload
          value={images}
          onChange={setImages}
          limit={DEFAULT_MAX_COUNT}
          compress
          isPublic
          aria-label="上传图片组"
          onUploadingChange={setUploading}
        />
      ) : (
        <MediaUpload
          kind={kind}
          value={media}
          onChange={setMedia}
          isPublic
          onUploadingChange={setUploading}
          aria-label={kind === 'video' ? '选择视频文件' : '选择音频文件'}
        />
      )}
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {kind === 'gallery' ? `${ruleText('image')}，最多 ${DEFAULT_MAX_COUNT} 张，按上传顺序插入` : ruleText(kind)}
      </Typography.Text>
    </Modal>
  );
}
