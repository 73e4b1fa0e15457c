import { saveNews } from '@zhaokao/contracts';
import { Form, Switch } from 'antd';
import { TextField } from '../../../components/TextField';
import { PublishFormModal } from '../../../components/rich-text/PublishFormModal';
import { RichTextField, useUploadGate } from '../../../components/rich-text/RichTextField';
import { type StoredFile, StoredFilesUpload } from '../../../components/upload/StoredFilesUpload';
import { rulesOf } from '../../../lib/form-rules';
import { useNewsDetail, usePublishNews, useSaveNews } from '../api/news-api';

interface NewsForm {
  title: string;
  summary: string;
  /** The cover: none or one image. */
  cover: StoredFile[];
  content: string;
  top: boolean;
}

/** 新增新闻 / 编辑新闻: title, summary, a cover image, the body, 置顶. */
export function NewsFormModal({ newsId, onClose }: { newsId?: number; onClose(): void }) {
  const detail = useNewsDetail(newsId);
  const save = useSaveNews();
  const publish = usePublishNews();
  const gate = useUploadGate();

  return (
    <PublishFormModal<NewsForm, NonNullable<typeof detail.data>>
      name="news"
      noun="新闻"
      id={newsId}
      stored={detail.data}
      blank={{ summary: '', cover: [], content: '', top: false }}
      valuesOf={(d) => ({ title: d.title, summary: d.summary, cover: d.cover ? [d.cover] : [], content: d.content, top: d.top })}
      gate={gate}
      save={(common, values) => save.mutateAsync({ ...common, summary: values.summary ?? '', coverId: values.cover?.[0]?.id ?? null })}
      publish={publish.mutateAsync}
      onClose={onClose}
    >
      <TextField ep={saveNews} name="title" label="标题" required showCount />
      <TextField ep={saveNews} name="summary" label="摘要" showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="列表中标题下方显示的一两句话" />
      <Form.Item label="封面" name="cover" extra="一张图片，建议横幅比例 16:9；支持 jpg、png、gif，不超过 5000kb">
        <StoredFilesUpload kind="image" max={1} isPublic aria-label="上传封面" buttonText="上传封面" onUploadingChange={gate.reporter('cover')} />
      </Form.Item>
      <Form.Item label="正文" name="content" required rules={rulesOf(saveNews, 'content', true)}>
        <RichTextField aria-label="正文内容" onUploadingChange={gate.reporter('content')} />
      </Form.Item>
      <Form.Item label="置顶" name="top" valuePropName="checked">
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
    </PublishFormModal>
  );
}
