import type { RecheckRankChange } from '@zhaokao/contracts';
import { Alert, List, Typography } from 'antd';
import { changeText, outcomeText } from './recheck-words';

/**
 * Whose place a correction changed in the post's ranking, and whose 入围 / 拟录用 the published figures would now give
 * otherwise (a warning: the outcomes stay as published until staff act).
 */
export function RankChanges({ changes, passWord }: { changes: readonly RecheckRankChange[]; passWord: string }) {
  if (changes.length === 0) return <Typography.Text type="secondary">岗位排名没有变化</Typography.Text>;
  const outcomes = changes.filter((c) => c.oldPassed !== c.newPassed);
  return (
    <>
      {outcomes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={`有 ${outcomes.length} 人的${passWord}结果按发布的规则会发生变化，已发布的结果未自动更改，请按规定处理（如递补）`}
        />
      )}
      <List
        size="small"
        dataSource={[...changes]}
        renderItem={(c) => (
          <List.Item>
            {changeText(c)}
            {outcomeText(c, passWord) && <Typography.Text type="warning">（{outcomeText(c, passWord)}）</Typography.Text>}
          </List.Item>
        )}
      />
    </>
  );
}
