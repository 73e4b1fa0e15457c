/** What the server answers, and the page shows, after a change succeeded. */
export const SUCCESS_MESSAGES = {
  done: '操作成功',
  saved: '保存成功',
  deleted: '删除成功',
  passwordReset: '密码已重置',
  passwordChanged: '密码已修改',
  /** SPEC §8: the payment dialog's word once the order is paid. */
  paid: '支付成功',
  /** A 站内信 went out. */
  sent: '发送成功',
} as const;
