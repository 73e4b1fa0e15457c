import type { GateStage } from '@zhaokao/contracts';
import type { Db } from '../../db/client.js';
import { gateVacancy } from '../../db/tables.js';

/** An application leaving a gate by 不合格 or 放弃: the place it leaves open for 递补. */
export interface LeavingApplication {
  id: number;
  planId: number;
  recruitmentId: number;
  result: 'failed' | 'withdrew';
}

/**
 * DESIGN §5 "After the interview": a failure or a withdrawal at a gate opens a vacancy of the post, filled once by
 * 递补. Called by the gate's decision in its transaction; one vacancy per application and gate (a repeated call
 * opens nothing more). Answers how many vacancies were opened.
 */
export async function openVacancies(
  tx: Db,
  { companyId, stage, applications }: { companyId: number; stage: GateStage; applications: readonly LeavingApplication[] },
): Promise<number> {
  if (applications.length === 0) return 0;
  const opened = await tx
    .insert(gateVacancy)
    .values(
      applications.map((a) => ({
        companyId,
        planId: a.planId,
        recruitmentId: a.recruitmentId,
        stage,
        leftApplicationId: a.id,
        leftResult: a.result,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: gateVacancy.id });
  return opened.length;
}
