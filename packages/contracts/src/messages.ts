/** What the server answers, and the page shows, after a change succeeded. */
export const SUCCESS_MESSAGES = {
  done: '操作成功',
  saved: '保存成功',
  deleted: '删除成功',
  passwordReset: '密码已重置',
  passwordChanged: '密码已修改',
} as const;
