import { type TalentClassifyNode, saveTalentClassify } from '@zhaokao/contracts';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { rulesOf } from '../../../lib/form-rules';
import { useSaveClassify } from '../api/talent-api';
import { classifyOptions } from './classify-options';

export interface ClassifyFormValues {
  id?: number;
  name: string;
  parentId: number | null;
  sort: number;
}

export type ClassifyFormMode = 'add' | 'rename' | 'move';

const TITLES: Record<ClassifyFormMode, string> = { add: '新增分类', rename: '重命名分类', move: '移动分类' };

/** Adds a classification, renames one, or moves one under another parent (or to the top). */
export function ClassifyFormModal({
  mode,
  initial,
  tree,
  onClose,
}: {
  mode: ClassifyFormMode;
  initial: ClassifyFormValues;
  tree: TalentClassifyNode[];
  onClose(): void;
}) {
  const save = useSaveClassify();
  return (
    <FormModal<ClassifyFormValues>
      name="talentClassify"
      title={mode === 'add' ? TITLES.add : `${TITLES[mode]}：${initial.name}`}
      initialValues={initial}
      onSubmit={(v) =>
        save.mutateAsync({
          id: initial.id,
          name: v.name ?? initial.name,
          parentId: v.parentId ?? null,
          sort: v.sort ?? initial.sort,
        })
      }
      onCancel={onClose}
      onSaved={onClose}
    >
      {mode !== 'move' && (
        <Form.Item label="分类名称" name="name" rules={rulesOf(saveTalentClassify, 'name', true)}>
          <Input maxLength={30} showCount autoFocus />
        </Form.Item>
      )}
      {mode !== 'rename' && (
        <Form.Item label="上级分类" name="parentId" extra="不选则为一级分类">
          <TreeSelect
            allowClear
            placeholder="一级分类"
            treeDefaultExpandAll
            treeData={classifyOptions(tree, initial.id)}
          />
        </Form.Item>
      )}
      {mode === 'add' && (
        <Form.Item label="排序" name="sort" extra="数字越小越靠前" rules={rulesOf(saveTalentClassify, 'sort')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
      )}
    </FormModal>
  );
}
