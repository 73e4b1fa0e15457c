import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import { type OrgNode } from '@zhaokao/contracts';
import { Card, Empty, Skeleton, Space, Tag, Tree } from 'antd';
import { useState } from 'react';
import { AddButton } from '../../../components/AddButton';
import { useHasPermission } from '../../../lib/session';
import { useDepartmentTree } from '../../../lib/options';
import { useDeleteOrg } from '../api/org-api';
import { lazyModal } from '../../../components/lazy-modal';
import type { OrgFormValues } from '../components/OrgFormModal';
import { DeleteLink } from '../../../components/DeleteLink';
import { ActionLink } from '../../../components/ActionLink';

const OrgFormModal = lazyModal(() => import('../components/OrgFormModal').then((m) => m.OrgFormModal));

const countNodes = (nodes: OrgNode[]): number => nodes.reduce((n, node) => n + 1 + countNodes(node.children), 0);

export default function OrgListPage() {
  const { data: tree, isLoading } = useDepartmentTree();
  const remove = useDeleteOrg();
  const canEdit = useHasPermission(['org:manage']);
  const [editing, setEditing] = useState<OrgFormValues | null>(null);

  const renderTitle = (node: OrgNode) => (
    <Space size={8} wrap>
      <span>{node.name}</span>
      <Tag>{node.staffCount} 人</Tag>
      {node.postCount > 0 && <Tag color="blue">{node.postCount} 个岗位</Tag>}
      {canEdit && (
        <>
          <ActionLink onClick={() => setEditing({ name: '', parentId: node.id, sort: 0 })}>新增下级</ActionLink>
          <ActionLink
            onClick={() => setEditing({ id: node.id, name: node.name, parentId: node.parentId, sort: node.sort })}
          >
            编辑
          </ActionLink>
          <DeleteLink title={`删除部门“${node.name}”？`} onDelete={() => remove.mutateAsync({ id: node.id })} />
        </>
      )}
    </Space>
  );

  type TreeData = { key: number; title: React.ReactNode; children: TreeData[] };
  const toTreeData = (nodes: OrgNode[]): TreeData[] =>
    nodes.map((n) => ({ key: n.id, title: renderTitle(n), children: toTreeData(n.children) }));

  return (
    <Card
      title="设置招录部门"
      extra={
        <AddButton anyOf={['org:manage']} icon={<PlusOutlined />} onClick={() => setEditing({ name: '', parentId: null, sort: 0 })}>新增部门</AddButton>
      }
    >
      {isLoading || !tree ? (
        <Skeleton active />
      ) : tree.length === 0 ? (
        <Empty image={<ApartmentOutlined style={{ fontSize: 48, color: '#bfbfbf' }} />} description="还没有部门，先新增一个吧" />
      ) : (
        <Tree
          // Remounts when departments are added or removed, so new branches show expanded too.
          key={countNodes(tree)}
          aria-label="部门树"
          showLine
          blockNode
          defaultExpandAll
          selectable={false}
          treeData={toTreeData(tree)}
        />
      )}
      {editing && (
        <OrgFormModal
          initial={editing}
          tree={tree ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
