/**
 * When a page cannot load (most often: a new version was deployed and the old page's files are gone),
 * say so in Chinese and offer a reload instead of a blank page.
 */
export function RouteError() {
  return (
    <main className="route-error" role="alert">
      <h1>页面加载失败</h1>
      <p>系统可能刚刚更新，或网络暂时不稳定。请刷新页面后重试。</p>
      <button type="button" className="plain-button plain-button-primary" onClick={() => location.reload()}>
        刷新页面
      </button>
    </main>
  );
}
