import { PlusOutlined } from '@ant-design/icons';
import { type TalentTemplateRow, talentTemplateList } from '@zhaokao/contracts';
import { Card, Space, Tag, Typography } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { AddButton } from '../../../components/AddButton';
import { useWholeList } from '../../../lib/use-paged-list';
import { useHasPermission } from '../../../lib/session';
import { useDeleteTalentTemplate, useTalentFields } from '../api/talent-template-api';
import { lazyModal } from '../../../components/lazy-modal';
import { DeleteLink } from '../../../components/DeleteLink';
import { ActionLink } from '../../../components/ActionLink';

const TemplateEditorModal = lazyModal(() =>
  import('../components/TemplateEditorModal').then((m) => m.TemplateEditorModal),
);

export default function TalentTemplateListPage() {
  const templates = useWholeList(talentTemplateList, '简历模板列表');
  const { data: fields } = useTalentFields();
  const remove = useDeleteTalentTemplate();
  const canEdit = useHasPermission(['plan:edit']);
  const [editing, setEditing] = useState<TalentTemplateRow | null | undefined>(undefined);
  const total = fields?.length ?? 0;

  return (
    <Card
      title={canEdit ? '添加简历模板' : '简历模板'}
      extra={
        <AddButton anyOf={['plan:edit']} icon={<PlusOutlined />} onClick={() => setEditing(null)}>新增模板</AddButton>
      }
    >
      <Typography.Paragraph type="secondary">
        简历模板决定岗位报名时填写和展示哪些简历字段；设置岗位时选择模板。被岗位使用的模板不能删除。
      </Typography.Paragraph>
      <DataTable<TalentTemplateRow>
        {...templates}
        scroll={{ x: 860 }}
        locale={{ emptyText: '还没有简历模板，先新增一个吧' }}
        columns={[
          { title: '模板名称', dataIndex: 'name', width: 180, fixed: 'left' },
          { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '—' },
          {
            title: '显示字段',
            dataIndex: 'shownCount',
            width: 110,
            render: (n: number) => (total ? `${n} / ${total}` : n),
          },
          { title: '必填字段', dataIndex: 'requiredCount', width: 90 },
          {
            title: '使用岗位',
            dataIndex: 'postCount',
            width: 100,
            render: (n: number) => (n > 0 ? <Tag color="blue">{n} 个岗位</Tag> : <Tag>未使用</Tag>),
          },
          { title: '创建时间', dataIndex: 'createdAt', width: 160, render: (v: string) => formatTime(v) },
          {
            title: '操作',
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_: unknown, row) =>
              canEdit ? (
                <Space>
                  <ActionLink onClick={() => setEditing(row)}>编辑</ActionLink>
                  <DeleteLink title={`删除简历模板“${row.name}”？`} onDelete={() => remove.mutateAsync({ id: row.id })} />
                </Space>
              ) : (
                <ActionLink onClick={() => setEditing(row)}>查看</ActionLink>
              ),
          },
        ]}
      />
      {editing !== undefined && (
        <TemplateEditorModal
          template={editing}
          editable={canEdit}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
