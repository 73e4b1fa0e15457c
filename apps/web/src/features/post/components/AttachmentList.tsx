import { ATTACHMENT_MAX_COUNT, ATTACHMENT_NAME_MAX, type Attachment, attachmentSchema } from '@zhaokao/contracts';
import { Button, Form, Input } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { useState } from 'react';
import { FileLink } from '../../../components/FileLink';
import { FormModal } from '../../../components/FormModal';
import { fieldRules, requiredRule } from '../../../lib/form-rules';
import { type FileValue, MediaUpload } from '../../../components/upload/MediaUpload';
import { ActionLink } from '../../../components/ActionLink';

interface Props {
  value?: Attachment[];
  onChange?(value: Attachment[]): void;
}

interface AttachmentForm {
  fileName: string;
  file?: FileValue | null;
}

/** SPEC dialog 5: the attachment list with add and delete, and a form dialog (name, upload). */
export function AttachmentList({ value = [], onChange }: Props) {
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [form] = Form.useForm<AttachmentForm>();
  return (
    <>
      <DataTable<Attachment & { key: number }>
        label="附件列表"
        size="small"
        pagination={false}
        dataSource={value.map((f, key) => ({ ...f, key }))}
        locale={{ emptyText: '暂无附件' }}
        columns={[
          { title: '附件名称', dataIndex: 'fileName', ellipsis: true },
          {
            title: '文件',
            dataIndex: 'url',
            ellipsis: true,
            render: (url: string) => <FileLink url={url}>查看</FileLink>,
          },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, row) => (
              <ActionLink type="danger" onClick={() => onChange?.(value.filter((_f, i) => i !== row.key))}>
                删除
              </ActionLink>
            ),
          },
        ]}
      />
      <Button
        style={{ marginTop: 8 }}
        disabled={value.length >= ATTACHMENT_MAX_COUNT}
        onClick={() => {
          setUploading(false);
          setAdding(true);
        }}
      >
        添加附件
      </Button>
      {adding && (
        <FormModal<AttachmentForm>
          name="attachment"
          form={form}
          title="添加附件"
          okText="确定"
          okButtonProps={{ disabled: uploading }}
          formProps={{ preserve: false }}
          onSubmit={async (values) => onChange?.([...value, { fileName: values.fileName.trim(), url: values.file!.url }])}
          onCancel={() => setAdding(false)}
          onSaved={() => setAdding(false)}
          savedMessage={null}
        >
          <Form.Item label="附件名称" name="fileName" rules={fieldRules(attachmentSchema.shape.fileName, true)}>
            <Input maxLength={ATTACHMENT_NAME_MAX} showCount />
          </Form.Item>
          <Form.Item label="附件" name="file" rules={[requiredRule(attachmentSchema.shape.url)]}>
            <MediaUpload
              kind="file"
              aria-label="上传附件"
              onUploadingChange={setUploading}
              onChange={(file) => {
                form.setFieldValue('file', file);
                if (file && !form.getFieldValue('fileName')) {
                  form.setFieldValue('fileName', file.fileName.replace(/\.[^.]+$/, '').slice(0, ATTACHMENT_NAME_MAX));
                }
              }}
            />
          </Form.Item>
        </FormModal>
      )}
    </>
  );
}
