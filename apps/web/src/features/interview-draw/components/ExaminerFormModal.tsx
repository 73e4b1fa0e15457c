import { INTERVIEW_EXAMINER_PERMISSIONS, type InterviewExaminerRow, holdsAny, saveInterviewExaminer } from '@zhaokao/contracts';
import { Form, Select, Switch, TreeSelect } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { departmentOptions, useDepartmentTree } from '../../../lib/options';
import { useExaminerStaffOptions } from '../api/get-staff-options';
import { useSaveInterviewExaminer } from '../api/save-examiner';

interface Values {
  name: string;
  departmentId: number | null;
  staffUserId: number | null;
  remarks: string;
  enabled: boolean;
}

/**
 * 添加 / 编辑考官: name, 招录部门 (none for an examiner from outside), the staff account they score on the tablet with
 * (none: their scores are entered by staff), remarks, 启用.
 */
export function ExaminerFormModal({ examiner, onClose }: { examiner: InterviewExaminerRow | null; onClose(): void }) {
  const { data: tree } = useDepartmentTree();
  const { data: staff, isLoading: staffLoading } = useExaminerStaffOptions();
  const save = useSaveInterviewExaminer();
  const initial: Values = examiner
    ? { name: examiner.name, departmentId: examiner.departmentId, staffUserId: examiner.staffUserId, remarks: examiner.remarks, enabled: examiner.enabled }
    : { name: '', departmentId: null, staffUserId: null, remarks: '', enabled: true };

  return (
    <FormModal<Values>
      name="interviewExaminer"
      title={examiner ? `编辑考官：${examiner.name}` : '添加考官'}
      initialValues={initial}
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={(v) =>
        save.mutateAsync({
          id: examiner?.id,
          name: v.name,
          departmentId: v.departmentId ?? null,
          staffUserId: v.staffUserId ?? null,
          remarks: v.remarks ?? '',
          enabled: v.enabled,
        })
      }
    >
      <TextField ep={saveInterviewExaminer} name="name" label="考官姓名" required />
      <Form.Item label="招录部门" name="departmentId" extra="外聘考官可不选；本部门的考官不会被抽为本部门岗位所在分组的主考官">
        <TreeSelect allowClear aria-label="招录部门" placeholder="不属于本单位部门" treeDefaultExpandAll treeData={departmentOptions(tree ?? [])} />
      </Form.Item>
      <Form.Item label="平板登录账号" name="staffUserId" extra="考官用该工作人员账号登录平板评分（账号须有成绩录入权限）；不关联时其分数由工作人员代录">
        <Select<number>
          allowClear
          aria-label="平板登录账号"
          placeholder="不关联账号"
          loading={staffLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(staff ?? []).map((s) => ({
            value: s.id,
            label: `${s.name}${s.departmentName ? `（${s.departmentName}）` : ''}${holdsAny(s.permissions, INTERVIEW_EXAMINER_PERMISSIONS) ? '' : ' · 无成绩录入权限'}`,
          }))}
        />
      </Form.Item>
      <TextField ep={saveInterviewExaminer} name="remarks" label="备注" placeholder="如外聘单位、职称" rows={2} showCount />
      <Form.Item label="启用" name="enabled" valuePropName="checked" extra="停用的考官不参加以后的抽签">
        <Switch checkedChildren="启用" unCheckedChildren="停用" />
      </Form.Item>
    </FormModal>
  );
}
