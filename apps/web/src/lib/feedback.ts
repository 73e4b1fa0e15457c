import type { useAppProps } from 'antd/es/app/context';

let bound: useAppProps | undefined;

/**
 * antd's message and modal bound to the app's theme and locale, for code outside components (the API
 * client). Bound by <AntdProvider/>, which the signed-in layout and the password page load. The login
 * page carries no antd at all, so there a toast loads antd's message on first use.
 */
export const feedback = {
  get modal() {
    return bound?.modal;
  },
  error(text: string, seconds: number) {
    if (bound) return void bound.message.error(text, seconds);
    void import('antd/es/message').then(({ default: message }) => message.error(text, seconds));
  },
  success(text: string, seconds: number) {
    if (bound) return void bound.message.success(text, seconds);
    void import('antd/es/message').then(({ default: message }) => message.success(text, seconds));
  },
};

export function bindFeedback(app: useAppProps) {
  bound = app;
}
