import {
  type OrgNode, companyStatistics, orgTree, planOptions, statisticsPlanOptions, talentTemplateList,
} from '@zhaokao/contracts';
import { useEndpointQuery } from './query';

/**
 * The choices several features offer (plans, posts, departments, templates), each read from one place and
 * cached under its endpoint, so that a save that invalidates the endpoint refreshes every page choosing from it.
 */

/** The company's plans; always refetched when a page opens, since plans are edited on their own page. */
export const usePlanOptions = () => useEndpointQuery(planOptions, {}, { refetchOnMount: 'always' });

/** The plans whose applications the user may read (人数统计, 全部报名人员). */
export const useApplicationPlanOptions = () => useEndpointQuery(statisticsPlanOptions, {});

/** A plan's posts with their numbers of applicants by status. */
export const usePlanStatistics = (planId: number | undefined) =>
  useEndpointQuery(companyStatistics, planId === undefined ? undefined : { planId });

/** The posts of a plan with their numbers of applicants, for a post selector. */
export const usePlanPosts = (planId: number | undefined) =>
  useEndpointQuery(companyStatistics, planId === undefined ? undefined : { planId }, { select: (data) => data.posts });

/** The company's resume templates; a form still works without them, so a failure shows no message. */
export const useTemplateOptions = () => useEndpointQuery(talentTemplateList, {}, { silent: true });

/** The company's departments: their own page edits them, staff and posts choose from them. */
export const useDepartmentTree = () => useEndpointQuery(orgTree, {});

export type DepartmentOption = { title: string; value: number; disabled?: boolean; children: DepartmentOption[] };

/** TreeSelect options; `blockedId` and everything below it are disabled. */
export function departmentOptions(nodes: OrgNode[], blockedId?: number, inside = false): DepartmentOption[] {
  return nodes.map((n) => {
    const blocked = inside || n.id === blockedId;
    return { title: n.name, value: n.id, disabled: blocked, children: departmentOptions(n.children, blockedId, blocked) };
  });
}
