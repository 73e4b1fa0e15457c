import { identityCheckChar } from '@zhaokao/contracts';
import type { Db } from '../db/client.js';
import { talent } from '../db/tables.js';

/**
 * Talents of the platform who never applied to a demo company but let companies find them (全部人才库): a company
 * sees them masked until it buys them. Each has several jobs, so that the hidden latest one shows.
 * Their identity numbers are kept as the first 17 characters; the check character is computed.
 */
import DEMO_PLATFORM_TALENTS from './demo-talents.json' with { type: 'json' };

/** A valid identity number (GB 11643) from its first 17 characters. */
const identity = (first17: string) => first17 + identityCheckChar(first17);

export async function seedDemoTalents(db: Db) {
  await db
    .insert(talent)
    .values(
      DEMO_PLATFORM_TALENTS.map(({ identityNoFirst17, ...t }) => ({
        ...t,
        identityNo: identity(identityNoFirst17),
        nation: '汉族',
        candidateType: '社会人员',
        bodyStatus: '健康',
        positionStatus: '1',
        hometown: '湖南省',
        habitation: t.nowAddress.slice(0, 3),
        searchable: true,
      })),
    )
    .onConflictDoNothing({ target: talent.identityNo });
}
