import { candidatePostList } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { postFiltersOf, withPostFilters } from './post-filters';
import { urlOf } from './site-api';

describe('the plan page keeps its post filters in the address', () => {
  it('reads the filters, falling back to none and page 1', () => {
    expect(postFiltersOf(new URLSearchParams('keyword=%E4%BC%9A%E8%AE%A1&education=%E6%9C%AC%E7%A7%91&major=+%E6%B3%95%E5%AD%A6+&page=3'))).toEqual({
      keyword: '会计',
      education: '本科',
      major: '法学',
      pageNum: 3,
    });
    for (const page of ['0', '-1', '1.5', 'abc', '']) {
      expect(postFiltersOf(new URLSearchParams(`page=${page}`)).pageNum, page).toBe(1);
    }
    expect(postFiltersOf(new URLSearchParams(`keyword=${'字'.repeat(80)}`)).keyword).toHaveLength(50);
  });

  it('writes them back, leaving out empty ones and page 1, and keeps other parameters', () => {
    const written = withPostFilters(new URLSearchParams('from=poster&keyword=old&page=4'), {
      keyword: '',
      education: '硕士研究生',
      major: '计算机',
      pageNum: 1,
    });
    expect(Object.fromEntries(written)).toEqual({ from: 'poster', education: '硕士研究生', major: '计算机' });
    expect(postFiltersOf(withPostFilters(new URLSearchParams(), { keyword: 'a', education: '', major: '', pageNum: 2 }))).toEqual({
      keyword: 'a',
      education: '',
      major: '',
      pageNum: 2,
    });
    expect(withPostFilters(new URLSearchParams('from=poster&keyword=a&page=2'), null).toString()).toBe('from=poster');
  });
});

describe('the site calls the contracts’ endpoints', () => {
  it('fills the path and puts the rest, non-empty, in the query', () => {
    expect(urlOf(candidatePostList, { companyId: 1, planId: 2, keyword: '会计', education: '', major: '', pageNum: 2, pageSize: 10 })).toBe(
      '/api/candidate/site/companies/1/plans/2/posts?keyword=%E4%BC%9A%E8%AE%A1&pageNum=2&pageSize=10',
    );
  });
});
