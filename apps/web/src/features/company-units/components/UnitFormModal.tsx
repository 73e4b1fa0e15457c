import { type CompanyUnitRow, INITIAL_PASSWORD_MESSAGE, addSubordinateCompany, saveSubordinateCompany } from '@zhaokao/contracts';
import { Divider, Form, Input, Select } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { passwordRules } from '../../../components/NewPasswordFields';
import { TextField } from '../../../components/TextField';
import { useDict } from '../../../lib/dict';
import { rulesOf } from '../../../lib/form-rules';
import { useAddUnit, useSaveUnit } from '../api/company-units-api';

interface UnitForm {
  name: string;
  industry: string;
  address: string;
  adminLoginAccount: string;
  adminName: string;
  adminPhone: string;
  adminPassword: string;
}

interface Props {
  /** Null to add a unit (with its first administrator). */
  unit: CompanyUnitRow | null;
  onClose(): void;
}

/** 新增下属单位 / 编辑下属单位: the unit's basic information; a new unit also gets its administrator's account. */
export function UnitFormModal({ unit, onClose }: Props) {
  const { data: industries } = useDict('industry');
  const add = useAddUnit();
  const save = useSaveUnit();
  return (
    <FormModal<UnitForm>
      name="company-unit"
      title={unit ? `编辑下属单位：${unit.name}` : '新增下属单位'}
      width={640}
      initialValues={unit ? { name: unit.name, industry: unit.industry, address: unit.address } : {}}
      savedMessage={unit ? undefined : '下属单位已新增'}
      onSubmit={(values) =>
        unit
          ? save.mutateAsync({ id: unit.id, name: values.name, industry: values.industry, address: values.address })
          : add.mutateAsync(values)
      }
      onCancel={onClose}
      onSaved={onClose}
    >
      <TextField ep={addSubordinateCompany} name="name" label="单位名称" required showCount />
      <Form.Item label="所属行业" name="industry" rules={rulesOf(saveSubordinateCompany, 'industry', true)}>
        <Select
          placeholder="请选择行业"
          options={(industries ?? []).map((d) => ({ label: d.label, value: d.value }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <TextField ep={addSubordinateCompany} name="address" label="单位地址" required />
      {!unit && (
        <>
          <Divider titlePlacement="start" plain>
            单位管理员（用此账号登录该单位）
          </Divider>
          <TextField ep={addSubordinateCompany} name="adminLoginAccount" label="登录账号" required autoComplete="off" />
          <TextField ep={addSubordinateCompany} name="adminName" label="姓名" required />
          <Form.Item label="手机号码" name="adminPhone" rules={rulesOf(addSubordinateCompany, 'adminPhone', true)}>
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item label="初始密码" name="adminPassword" rules={passwordRules(INITIAL_PASSWORD_MESSAGE)}>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
