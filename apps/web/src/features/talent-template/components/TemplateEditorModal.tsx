import {
  TALENT_FIELD_HIDE, TALENT_FIELD_SHOW, TALENT_TEMPLATE_FIXED_FIELDS, type TalentFieldRow,
  type TalentTemplateRow, saveTalentTemplate,
} from '@zhaokao/contracts';
import { Button, Checkbox, Col, Divider, Flex, Row, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { useSaveTalentTemplate, useTalentFields, useTemplateExpand } from '../api/talent-template-api';

interface Setting {
  showStatus: 0 | 1;
  required: boolean;
}
type Settings = Record<string, Setting>;

const isFixed = (code: string) => TALENT_TEMPLATE_FIXED_FIELDS.includes(code);

/** A new template shows every field and asks only for the ones sign-up cannot do without. */
const defaults = (fields: TalentFieldRow[]): Settings =>
  Object.fromEntries(fields.map((f) => [f.code, { showStatus: TALENT_FIELD_SHOW, required: isFixed(f.code) }]));

function groupsOf(fields: TalentFieldRow[]) {
  const groups = new Map<string, TalentFieldRow[]>();
  for (const f of fields) groups.set(f.groupName, [...(groups.get(f.groupName) ?? []), f]);
  return [...groups.entries()];
}

/** Adds or edits a template (read only without `editable`): name, remark, and show / required per field by section. */
export function TemplateEditorModal({
  template,
  editable,
  onClose,
}: {
  template: TalentTemplateRow | null;
  editable: boolean;
  onClose(): void;
}) {
  const { data: fields } = useTalentFields();
  const { data: expanded } = useTemplateExpand(template?.id);
  const save = useSaveTalentTemplate();
  const [edited, setEdited] = useState<Settings | null>(null);
  const loaded = useMemo(() => {
    if (template) {
      return expanded
        ? Object.fromEntries(expanded.map((r) => [r.fieldCode, { showStatus: r.showStatus === TALENT_FIELD_SHOW ? 1 : 0, required: r.required } as Setting]))
        : null;
    }
    return fields ? defaults(fields) : null;
  }, [template, expanded, fields]);
  const settings: Settings | null = edited ?? loaded;
  const setSettings = (change: (old: Settings) => Settings) => {
    if (settings) setEdited(change(settings));
  };

  const groups = useMemo(() => groupsOf(fields ?? []), [fields]);
  const shown = settings ? Object.values(settings).filter((s) => s.showStatus === TALENT_FIELD_SHOW).length : 0;
  const required = settings ? Object.values(settings).filter((s) => s.showStatus === TALENT_FIELD_SHOW && s.required).length : 0;

  const set = (code: string, patch: Partial<Setting>) =>
    setSettings((old) => {
      const next = { ...old[code]!, ...patch };
      if (next.showStatus !== TALENT_FIELD_SHOW) next.required = false;
      return { ...old, [code]: next };
    });
  const setGroup = (rows: TalentFieldRow[], showStatus: 0 | 1) =>
    setSettings((old) => {
      const next = { ...old };
      for (const f of rows) {
        if (isFixed(f.code)) continue;
        next[f.code] = { showStatus, required: showStatus === TALENT_FIELD_SHOW ? old[f.code]!.required : false };
      }
      return next;
    });

  return (
    <FormModal<{ name: string; remark: string }>
      name="talentTemplate"
      title={template ? `${editable ? '编辑' : '查看'}简历模板：${template.name}` : '新增简历模板'}
      width={920}
      okButtonProps={{ disabled: !settings, style: editable ? undefined : { display: 'none' } }}
      cancelText={editable ? '取消' : '关闭'}
      initialValues={{ name: template?.name ?? '', remark: template?.remark ?? '' }}
      formProps={{ disabled: !editable }}
      onSubmit={(values) => {
        // 保存 stays disabled until both have loaded.
        if (!settings || !fields) return Promise.reject(new Error('not loaded'));
        return save.mutateAsync({
          id: template?.id,
          name: values.name,
          remark: values.remark ?? '',
          fields: fields.map((f) => ({ fieldCode: f.code, ...settings[f.code]! })),
        });
      }}
      onCancel={onClose}
      onSaved={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <TextField ep={saveTalentTemplate} name="name" label="模板名称" required placeholder="例如：通用岗位简历" />
        </Col>
        <Col xs={24} md={14}>
          <TextField ep={saveTalentTemplate} name="remark" label="备注" placeholder="选填，说明模板适用的岗位" />
        </Col>
      </Row>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>简历字段</Typography.Text>
        <Space size={4} wrap>
          <Tag color="blue">显示 {shown} 项</Tag>
          <Tag color="orange">必填 {required} 项</Tag>
          <Typography.Text type="secondary">隐藏的字段在简历中留空；姓名、证件号码、手机号码为报名必需，始终显示且必填。</Typography.Text>
        </Space>
      </Flex>
      {!settings ? (
        <Skeleton active />
      ) : (
        <div style={{ maxHeight: '52vh', overflowY: 'auto', paddingRight: 4 }}>
          {groups.map(([groupName, rows]) => (
            <section key={groupName} aria-label={groupName}>
              <Divider titlePlacement="start" style={{ margin: '14px 0 8px' }}>
                <Space size={12}>
                  <span>{groupName}</span>
                  {editable && rows.length > 1 && (
                    <>
                      <Button size="small" type="link" onClick={() => setGroup(rows, TALENT_FIELD_SHOW)}>
                        全部显示
                      </Button>
                      <Button size="small" type="link" onClick={() => setGroup(rows, TALENT_FIELD_HIDE)}>
                        全部隐藏
                      </Button>
                    </>
                  )}
                </Space>
              </Divider>
              <Row gutter={[16, 8]}>
                {rows.map((f) => {
                  const s = settings[f.code]!;
                  const fixed = isFixed(f.code);
                  const visible = s.showStatus === TALENT_FIELD_SHOW;
                  return (
                    <Col key={f.code} xs={24} sm={12} lg={8}>
                      <Flex
                        align="center"
                        justify="space-between"
                        gap={8}
                        style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '6px 10px', opacity: visible ? 1 : 0.6 }}
                      >
                        <Typography.Text ellipsis style={{ flex: 1 }}>
                          {f.name}
                        </Typography.Text>
                        <Switch
                          size="small"
                          checkedChildren="显示"
                          unCheckedChildren="隐藏"
                          aria-label={`${f.name}显示`}
                          checked={visible}
                          disabled={!editable || fixed}
                          onChange={(on) => set(f.code, { showStatus: on ? TALENT_FIELD_SHOW : TALENT_FIELD_HIDE })}
                        />
                        <Checkbox
                          aria-label={`${f.name}必填`}
                          checked={s.required}
                          disabled={!editable || fixed || !visible}
                          onChange={(e) => set(f.code, { required: e.target.checked })}
                        >
                          必填
                        </Checkbox>
                      </Flex>
                    </Col>
                  );
                })}
              </Row>
            </section>
          ))}
        </div>
      )}
    </FormModal>
  );
}
