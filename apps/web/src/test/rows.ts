/** Who a list row in the page tests is about: 考生{id}, applying for 会计 (post 3). */
export const candidateOf = (id: number) => ({
  recruitmentId: 3,
  jobVacancy: '会计',
  realName: `考生${id}`,
  sex: '1',
  identityNo: '430102199001011234',
  phone: '13812345678',
});
