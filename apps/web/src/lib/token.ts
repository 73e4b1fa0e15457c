import Cookies from 'js-cookie';

/** SPEC §9: the session token is kept in a cookie. */
const TOKEN_COOKIE = 'Admin-Token';

export const getToken = () => Cookies.get(TOKEN_COOKIE);
export const setToken = (token: string) => Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax' });
export const removeToken = () => Cookies.remove(TOKEN_COOKIE);
