import { PUBLICATION_SUCCESS, SUCCESS_MESSAGES } from '@zhaokao/contracts';
import { Button, Form, type FormInstance } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { showSuccess } from '../../lib/api-client';
import { FormModal } from '../FormModal';
import type { useUploadGate } from './RichTextField';

/** What a notice and a news item both have: the form's fields and the save call's. */
interface Publication {
  title: string;
  content: string;
  top: boolean;
}

interface Props<V extends Publication, S extends { status: string }> {
  /** The form's own name (see FormModal). */
  name: string;
  /** What is written, 新闻 or 公告: the dialog is 新增… or 编辑…. */
  noun: string;
  /** The record being edited; undefined for a new one. */
  id: number | undefined;
  /** The edited record as stored, once loaded: one already published stays published, its form offers 保存 alone. */
  stored: S | undefined;
  /** The form of a new record. */
  blank: Partial<V>;
  /** The form of the stored record. */
  valuesOf(stored: S): Partial<V>;
  gate: ReturnType<typeof useUploadGate>;
  /**
   * Saves and answers the record, from the title, body and 置顶 (`common`) and the form's other values; `common.id`
   * is the record's, or the one a first save of this form made.
   */
  save(common: Publication & { id: number | undefined }, values: V): Promise<{ id: number }>;
  publish(input: { id: number }): Promise<unknown>;
  onClose(): void;
  children: ReactNode;
}

/**
 * The large dialog that writes a notice or a news item: 保存草稿 and 保存并发布 (the save, then the publish). Neither
 * goes while an upload is under way (SPEC §5: the gate says why). If the publish is refused after the save, the
 * dialog stays open on the saved draft, so that confirming again does not make a second one.
 */
export function PublishFormModal<V extends Publication, S extends { status: string }>({
  name,
  noun,
  id,
  stored,
  blank,
  valuesOf,
  gate,
  save,
  publish: publishSaved,
  onClose,
  children,
}: Props<V, S>) {
  const published = stored?.status === 'published';
  const initialValues = id === undefined ? blank : stored && valuesOf(stored);
  const loading = !initialValues;
  const [form] = Form.useForm<V>();
  const [savedId, setSavedId] = useState(id);
  const [working, setWorking] = useState<'draft' | 'publish' | null>(null);
  const publishing = useRef(false);

  function confirm(publish: boolean) {
    if (gate.refused()) return;
    publishing.current = publish;
    form.submit();
  }

  async function submit(values: V) {
    // Enter in a text box submits too.
    if (gate.refused()) throw new Error('uploading');
    const publish = publishing.current && !published;
    setWorking(publish ? 'publish' : 'draft');
    try {
      const common = { id: savedId, title: values.title, content: values.content, top: values.top ?? false };
      const { id: saved } = await save(common, values);
      setSavedId(saved);
      if (publish) await publishSaved({ id: saved });
      showSuccess(publish ? PUBLICATION_SUCCESS.published : SUCCESS_MESSAGES.saved);
    } finally {
      setWorking(null);
    }
  }

  return (
    <FormModal<V>
      name={name}
      form={form as FormInstance<V>}
      title={id === undefined ? `新增${noun}` : `编辑${noun}`}
      width={960}
      style={{ top: 24 }}
      loading={loading}
      initialValues={initialValues}
      savedMessage={null}
      onSubmit={submit}
      onSaved={onClose}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        ...(published
          ? [
              <Button key="save" type="primary" loading={working !== null} disabled={loading} onClick={() => confirm(false)}>
                保存
              </Button>,
            ]
          : [
              <Button key="draft" loading={working === 'draft'} disabled={loading || working === 'publish'} onClick={() => confirm(false)}>
                保存草稿
              </Button>,
              <Button key="publish" type="primary" loading={working === 'publish'} disabled={loading || working === 'draft'} onClick={() => confirm(true)}>
                保存并发布
              </Button>,
            ]),
      ]}
    >
      {children}
    </FormModal>
  );
}
