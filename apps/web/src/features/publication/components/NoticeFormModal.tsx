import { NOTICE_ATTACHMENT_MAX, addNotice } from '@zhaokao/contracts';
import { Form, Select, Switch } from 'antd';
import { TextField } from '../../../components/TextField';
import { PublishFormModal } from '../../../components/rich-text/PublishFormModal';
import { RichTextField, useUploadGate } from '../../../components/rich-text/RichTextField';
import { type StoredFile, StoredFilesUpload } from '../../../components/upload/StoredFilesUpload';
import { rulesOf } from '../../../lib/form-rules';
import type { NoticeDraft } from '../../../lib/notice-draft';
import { usePlanOptions } from '../../../lib/options';
import { useNoticeDetail, usePublishNotice, useSaveNotice } from '../api/notice-api';

interface NoticeForm {
  title: string;
  recruitmentId?: number | null;
  content: string;
  attachments: StoredFile[];
  top: boolean;
}

/**
 * 新增公告 / 编辑公告: title, the plan it belongs to (or none: the whole company), the body, attachments, 置顶. A new
 * notice may start from a draft written elsewhere (a gate's 生成公告, see lib/notice-draft.ts).
 */
export function NoticeFormModal({ noticeId, draft, onClose }: { noticeId?: number; draft?: NoticeDraft; onClose(): void }) {
  const detail = useNoticeDetail(noticeId);
  const { data: plans, isLoading: plansLoading } = usePlanOptions();
  const save = useSaveNotice();
  const publish = usePublishNotice();
  const gate = useUploadGate();

  return (
    <PublishFormModal<NoticeForm, NonNullable<typeof detail.data>>
      name="notice"
      noun="公告"
      id={noticeId}
      stored={detail.data}
      blank={{ content: '', attachments: [], top: false, recruitmentId: null, ...draft }}
      valuesOf={(d) => ({ title: d.title, recruitmentId: d.recruitmentId, content: d.content, attachments: d.attachments, top: d.top })}
      gate={gate}
      save={(common, values) =>
        save.mutateAsync({ ...common, recruitmentId: values.recruitmentId ?? null, attachmentIds: (values.attachments ?? []).map((f) => f.id) })
      }
      publish={publish.mutateAsync}
      onClose={onClose}
    >
      <TextField ep={addNotice} name="title" label="标题" required showCount />
      <Form.Item label="所属招录计划" name="recruitmentId" extra="不选则为全公司的公告">
        <Select<number>
          allowClear
          placeholder="全公司（不属于某个招录计划）"
          showSearch={{ optionFilterProp: 'label' }}
          loading={plansLoading}
          notFoundContent="还没有招录计划"
          options={(plans ?? []).map((p) => ({ label: p.name, value: p.id }))}
        />
      </Form.Item>
      <Form.Item label="正文" name="content" required rules={rulesOf(addNotice, 'content', true)}>
        <RichTextField aria-label="正文内容" onUploadingChange={gate.reporter('content')} />
      </Form.Item>
      <Form.Item label="附件" name="attachments" extra={`最多 ${NOTICE_ATTACHMENT_MAX} 个，支持 PDF、Office 文档、压缩包、文本和图片`}>
        <StoredFilesUpload
          kind="file"
          max={NOTICE_ATTACHMENT_MAX}
          isPublic
          aria-label="上传附件"
          buttonText="上传附件"
          onUploadingChange={gate.reporter('attachments')}
        />
      </Form.Item>
      <Form.Item label="置顶" name="top" valuePropName="checked">
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
    </PublishFormModal>
  );
}
