import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import type { TalentClassifyNode } from '@zhaokao/contracts';
import { Card, Empty, Skeleton, Space, Tag, Tree, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { AddButton } from '../../../components/AddButton';
import { DeleteLink } from '../../../components/DeleteLink';
import { lazyModal } from '../../../components/lazy-modal';
import { useHasPermission } from '../../../lib/session';
import { useClassifyTree, useDeleteClassify } from '../api/talent-api';
import type { ClassifyFormMode, ClassifyFormValues } from '../components/ClassifyFormModal';
import { countClassifies } from '../components/classify-options';

const ClassifyFormModal = lazyModal(() => import('../components/ClassifyFormModal').then((m) => m.ClassifyFormModal));

type TreeData = { key: number; title: React.ReactNode; children: TreeData[] };

const valuesOf = (n: TalentClassifyNode): ClassifyFormValues => ({ id: n.id, name: n.name, parentId: n.parentId, sort: n.sort });

/** 分类配置: the company's classification tree for its 应聘人才库. */
export default function TalentClassifyPage() {
  const { data: tree, isLoading } = useClassifyTree();
  const remove = useDeleteClassify();
  const canEdit = useHasPermission(['talent:manage']);
  const [editing, setEditing] = useState<{ mode: ClassifyFormMode; initial: ClassifyFormValues }>();

  const renderTitle = (node: TalentClassifyNode) => (
    <Space size={8} wrap>
      <span>{node.name}</span>
      <Tag>{node.talentCount} 人</Tag>
      {canEdit && (
        <>
          <ActionLink aria-label={`新增下级：${node.name}`} onClick={() => setEditing({ mode: 'add', initial: { name: '', parentId: node.id, sort: 0 } })}>
            新增下级
          </ActionLink>
          <ActionLink aria-label={`重命名：${node.name}`} onClick={() => setEditing({ mode: 'rename', initial: valuesOf(node) })}>
            重命名
          </ActionLink>
          <ActionLink aria-label={`移动：${node.name}`} onClick={() => setEditing({ mode: 'move', initial: valuesOf(node) })}>
            移动
          </ActionLink>
          <DeleteLink title={`删除分类“${node.name}”？`} onDelete={() => remove.mutateAsync({ id: node.id })} />
        </>
      )}
    </Space>
  );

  const toTreeData = (nodes: TalentClassifyNode[]): TreeData[] =>
    nodes.map((n) => ({ key: n.id, title: renderTitle(n), children: toTreeData(n.children) }));

  return (
    <Card
      title="分类配置"
      extra={
        <AddButton anyOf={['talent:manage']} icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', initial: { name: '', parentId: null, sort: 0 } })}>
          新增分类
        </AddButton>
      }
    >
      <Typography.Paragraph type="secondary">
        在“应聘人才库”中可把人才归入这些分类。分类下还有人才或子分类时不能删除。
      </Typography.Paragraph>
      {isLoading || !tree ? (
        <Skeleton active />
      ) : tree.length === 0 ? (
        <Empty image={<FolderOpenOutlined style={{ fontSize: 48, color: '#bfbfbf' }} />} description="还没有分类，先新增一个吧" />
      ) : (
        <Tree
          // Remounts when classifications are added or removed, so new branches show expanded too.
          key={countClassifies(tree)}
          aria-label="分类树"
          showLine
          blockNode
          defaultExpandAll
          selectable={false}
          treeData={toTreeData(tree)}
        />
      )}
      {editing && <ClassifyFormModal mode={editing.mode} initial={editing.initial} tree={tree ?? []} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
