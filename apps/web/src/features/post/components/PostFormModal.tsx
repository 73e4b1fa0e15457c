import { type Attachment, savePost } from '@zhaokao/contracts';
import { Col, Form, Row, Select, TreeSelect } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { NumberField } from '../../../components/NumberField';
import { TextField } from '../../../components/TextField';
import { inputField, rulesOf } from '../../../lib/form-rules';
import { departmentOptions, useDepartmentTree, usePlanOptions, useTemplateOptions } from '../../../lib/options';
import { usePostDetail, useSavePost } from '../api/post-api';
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
  /** Called on cancel, and after a save. */
  onClose(): void;
}

export function PostFormModal({ postId, planId, onClose }: Props) {
  const { data: plans } = usePlanOptions();
  const { data: tree } = useDepartmentTree();
  const { data: templates } = useTemplateOptions();
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
    <FormModal<PostForm>
      name="post"
      title={editing ? `编辑招录岗位${d ? `：${d.jobVacancy}` : ''}` : '添加招录岗位'}
      width={760}
      loading={!initial}
      initialValues={initial}
      onSubmit={(values) =>
        // On a server error the modal stays open with everything typed.
        save.mutateAsync({
          ...values,
          id: postId,
          planId: values.planId,
          departmentId: values.departmentId,
          places: values.places ?? 0,
          talentTemplateId: values.talentTemplateId ?? null,
          fileList: values.fileList ?? [],
        })
      }
      onCancel={onClose}
      onSaved={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="招录计划" name="planId" rules={rulesOf(savePost, 'planId', true)}>
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
          <Form.Item label="招录部门" name="departmentId" rules={rulesOf(savePost, 'departmentId', true)}>
            <TreeSelect placeholder="请选择招录部门" treeDefaultExpandAll treeData={departmentOptions(tree ?? [])} />
          </Form.Item>
        </Col>
        <TextField ep={savePost} name="jobVacancy" label="岗位名称" required span="half" />
        <NumberField span="quarter" label="招录人数" name="places" schema={inputField(savePost, 'places')} required min={1} max={9999} precision={0} />
        <TextField ep={savePost} name="salary" label="薪资待遇" placeholder="如 6000-8000元/月" span="quarter" />
        <TextField ep={savePost} name="fixedAddress" label="工作地点" span="half" />
        <TextField ep={savePost} name="workExperience" label="工作经验" placeholder="如 2年以上" span="quarter" />
        <TextField ep={savePost} name="education" label="学历要求" placeholder="如 本科" span="quarter" />
        <TextField ep={savePost} name="applicationPlace" label="报名地点" span="half" />
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
      <TextField ep={savePost} name="jobDescription" label="岗位描述" autoSize={{ minRows: 3, maxRows: 8 }} />
      <TextField ep={savePost} name="skillsRequired" label="技能要求" autoSize={{ minRows: 2, maxRows: 8 }} />
      <TextField ep={savePost} name="candidateRemark" label="考生须知" autoSize={{ minRows: 2, maxRows: 8 }} />
      <Form.Item label="附件" name="fileList">
        <AttachmentList />
      </Form.Item>
    </FormModal>
  );
}
