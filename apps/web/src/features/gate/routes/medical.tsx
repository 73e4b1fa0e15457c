import { GATE_STAGE_TABLE } from '@zhaokao/contracts';
import { GatePage } from '../components/GatePage';

const gate = GATE_STAGE_TABLE.find((g) => g.gate === 'medical')!;

/** 体检: the plan's candidates at the gate, their results and 递补. */
export default function MedicalPage() {
  return <GatePage stage={gate.stage} />;
}
