import { PERMISSIONS, type Permission, type RoleRow, roleList } from '@zhaokao/contracts';
import { Space, Tag, Typography } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { useState } from 'react';
import { AddButton } from '../../../components/AddButton';
import { useWholeList } from '../../../lib/use-paged-list';
import { useHasPermission } from '../../../lib/session';
import { useDeleteRole } from '../api/staff-api';
import { lazyModal } from '../../../components/lazy-modal';
import { DeleteLink } from '../../../components/DeleteLink';
import { ActionLink } from '../../../components/ActionLink';

const RoleFormModal = lazyModal(() => import('./RoleFormModal').then((m) => m.RoleFormModal));

export function RolesTab() {
  const roles = useWholeList(roleList, '角色列表');
  const remove = useDeleteRole();
  const canEdit = useHasPermission(['staff:manage']);
  const [editing, setEditing] = useState<RoleRow | null | undefined>(undefined);

  return (
    <>
      <AddButton anyOf={['staff:manage']} style={{ marginBottom: 12 }} onClick={() => setEditing(null)}>新增角色</AddButton>
      <DataTable<RoleRow>
        {...roles}
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
                        <ActionLink onClick={() => setEditing(role)}>编辑</ActionLink>
                        <DeleteLink title={`删除角色“${role.name}”？`} onDelete={() => remove.mutateAsync({ id: role.id })} />
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
        />
      )}
    </>
  );
}
