import { Button, Flex } from 'antd';
import { NUMBER_STATE_WORDS, type NumberToScore, numberState } from './scoring-logic';

const STATE_STYLE = {
  scored: { background: '#f6ffed', borderColor: '#52c41a', color: '#237804' },
  absent: { background: '#f5f5f5', borderColor: '#d9d9d9', color: '#595959', textDecoration: 'line-through' },
  locked: { background: '#f5f5f5', borderColor: '#d9d9d9', color: '#595959' },
  todo: {},
} as const;

/**
 * The group's order numbers as a strip of big buttons: green when I have scored it, grey when absent or reviewed;
 * the current one is the primary button. Its state is also in its name, for screen readers.
 */
export function NumberStrip({ candidates, current, onChoose }: { candidates: readonly NumberToScore[]; current?: number; onChoose(orderNo: number): void }) {
  return (
    <Flex wrap gap={8} role="group" aria-label="面试序号">
      {candidates.map((c) => {
        const state = numberState(c);
        const here = c.orderNo === current;
        return (
          <Button
            key={c.orderNo}
            type={here ? 'primary' : 'default'}
            aria-current={here ? 'true' : undefined}
            aria-label={`序号 ${c.orderNo}，${NUMBER_STATE_WORDS[state]}${c.myScore !== null ? ` ${c.myScore}` : ''}`}
            style={{ minWidth: 52, height: 52, fontSize: 18, ...(here ? {} : STATE_STYLE[state]) }}
            onClick={() => onChoose(c.orderNo)}
          >
            {c.orderNo}
          </Button>
        );
      })}
    </Flex>
  );
}
