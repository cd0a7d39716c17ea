import { useEffect } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { onApiFailure } from '../../lib/api-errors';

/**
 * The screens' own calls (apiGet, apiSend: outside the data provider) meet authProvider.checkError as react-admin's
 * do: a 401 logs out to the login, which comes back to this page afterwards; a session that must enrol in 2FA or
 * change its password is taken to that screen. Rendered once, inside <AdminContext>.
 */
export function ApiFailureRedirects() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(
    () =>
      onApiFailure((error) => {
        void logoutIfAccessDenied(error);
      }),
    [logoutIfAccessDenied],
  );
  return null;
}
