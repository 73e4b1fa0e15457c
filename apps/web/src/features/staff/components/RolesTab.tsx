import { PERMISSIONS, type Permission, type RoleRow } from '@zhaokao/contracts';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Permission as RequirePermission } from '../../../components/Permission';
import { showSuccess } from '../../../lib/api-client';
import { useHasPermission } from '../../../lib/session';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleFormModal } from './RoleFormModal';
import { DeleteLink } from '../../../components/DeleteLink';

export function RolesTab() {
  const { data, isLoading } = useRoles();
  const remove = useDeleteRole();
  const canEdit = useHasPermission(['staff:manage']);
  const [editing, setEditing] = useState<RoleRow | null | undefined>(undefined);

  return (
    <>
      <RequirePermission anyOf={['staff:manage']}>
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing(null)}>
          新增角色
        </Button>
      </RequirePermission>
      <Table<RoleRow>
        rowKey="id"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          { title: '角色名称', dataIndex: 'name', width: 160 },
          {
            title: '权限',
            dataIndex: 'permissions',
            render: (codes: string[], role) =>
              role.isAdmin ? (
                <Tag color="gold">全部权限</Tag>
              ) : (
                codes.map((c) => <Tag key={c}>{PERMISSIONS[c as Permission] ?? c}</Tag>)
              ),
          },
          { title: '人数', dataIndex: 'staffCount', width: 80 },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 140,
                  render: (_: unknown, role: RoleRow) =>
                    role.isAdmin ? (
                      <Typography.Text type="secondary">内置角色</Typography.Text>
                    ) : (
                      <Space>
                        <Typography.Link onClick={() => setEditing(role)}>编辑</Typography.Link>
                        <DeleteLink title={`删除角色“${role.name}”？`} onDelete={() => remove.mutateAsync(role.id)} />
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      {editing !== undefined && (
        <RoleFormModal
          role={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            showSuccess('保存成功');
          }}
        />
      )}
    </>
  );
}
