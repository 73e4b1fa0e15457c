import type { Attachment } from '@zhaokao/contracts';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Spin, TreeSelect } from 'antd';
import { departmentOptions, useDepartmentTree } from '../../../lib/departments';
import { usePlanOptions } from '../api/get-plan-options';
import { usePostDetail } from '../api/get-post-detail';
import { useTalentTemplates } from '../api/get-talent-templates';
import { useSavePost } from '../api/save-post';
import { AttachmentList } from './AttachmentList';

interface PostForm {
  planId?: number;
  departmentId?: number;
  jobVacancy: string;
  places?: number;
  salary: string;
  fixedAddress: string;
  workExperience: string;
  education: string;
  jobDescription: string;
  skillsRequired: string;
  candidateRemark: string;
  applicationPlace: string;
  talentTemplateId?: number | null;
  fileList: Attachment[];
}

interface Props {
  /** Undefined to add a new post. */
  postId?: number;
  /** The plan chosen in the list, preselected for a new post. */
  planId?: number;
  onClose(): void;
  onSaved(): void;
}

export function PostFormModal({ postId, planId, onClose, onSaved }: Props) {
  const [form] = Form.useForm<PostForm>();
  const { data: plans } = usePlanOptions();
  const { data: tree } = useDepartmentTree();
  const { data: templates } = useTalentTemplates();
  const detail = usePostDetail(postId);
  const save = useSavePost();
  const editing = postId !== undefined;
  const d = detail.data;
  const initial: Partial<PostForm> | undefined = editing
    ? d && {
        planId: d.planId,
        departmentId: d.departmentId ?? undefined,
        jobVacancy: d.jobVacancy,
        places: d.places,
        talentTemplateId: d.talentTemplateId,
        ...d.recruitment,
      }
    : { planId, fileList: [], talentTemplateId: null };

  return (
    <Modal
      title={editing ? `编辑招录岗位${d ? `：${d.jobVacancy}` : ''}` : '添加招录岗位'}
      open
      width={760}
      okText="保存"
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !initial }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {!initial ? (
        <Spin style={{ display: 'block', padding: 40 }} />
      ) : (
        <Form<PostForm>
          name="post"
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={async (values) => {
            const ok = await save
              .mutateAsync({
                ...values,
                id: postId,
                planId: values.planId,
                departmentId: values.departmentId,
                places: values.places ?? 0,
                talentTemplateId: values.talentTemplateId ?? null,
                fileList: values.fileList ?? [],
              })
              .then(
                () => true,
                () => false,
              );
            // On a server error the modal stays open with everything typed.
            if (ok) onSaved();
          }}
        >
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item label="招录计划" name="planId" rules={[{ required: true, message: '请选择招录计划' }]}>
                <Select
                  placeholder="请选择招录计划"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(plans ?? []).map((p) => ({
                    label: p.name,
                    value: p.id,
                    disabled: p.status === 'closed' && p.id !== d?.planId,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="招录部门" name="departmentId" rules={[{ required: true, message: '请选择招录部门' }]}>
                <TreeSelect placeholder="请选择招录部门" treeDefaultExpandAll treeData={departmentOptions(tree ?? [])} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="岗位名称" name="jobVacancy" rules={[{ required: true, whitespace: true, message: '请输入岗位名称' }]}>
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item label="招录人数" name="places" rules={[{ required: true, message: '招录人数必须是数字' }]}>
                <InputNumber min={1} max={9999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item label="薪资待遇" name="salary">
                <Input maxLength={60} placeholder="如 6000-8000元/月" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="工作地点" name="fixedAddress">
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item label="工作经验" name="workExperience">
                <Input maxLength={60} placeholder="如 2年以上" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item label="学历要求" name="education">
                <Input maxLength={60} placeholder="如 本科" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="报名地点" name="applicationPlace">
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="简历模板" name="talentTemplateId">
                <Select
                  allowClear
                  placeholder="不指定简历模板"
                  options={(templates ?? []).map((t) => ({ label: t.name, value: t.id }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label="岗位描述" name="jobDescription">
            <Input.TextArea maxLength={5000} autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          <Form.Item label="技能要求" name="skillsRequired">
            <Input.TextArea maxLength={5000} autoSize={{ minRows: 2, maxRows: 8 }} />
          </Form.Item>
          <Form.Item label="考生须知" name="candidateRemark">
            <Input.TextArea maxLength={5000} autoSize={{ minRows: 2, maxRows: 8 }} />
          </Form.Item>
          <Form.Item label="附件" name="fileList">
            <AttachmentList />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
