import { Alert, type AlertColor } from '@mui/material';
import { useCallback } from 'react';
import { useCloseNotification, useNotify, useTranslate } from 'react-admin';

/** The notice's text with its Close button, in the colour of what happened. */
function LastingNotice({ message, type }: { message: string; type: AlertColor }) {
  const close = useCloseNotification();
  const translate = useTranslate();
  return (
    <Alert
      variant="filled"
      severity={type}
      onClose={close}
      closeText={translate('ra.action.close')}
      data-testid="lasting-notice"
      sx={{ minWidth: 288, maxWidth: 560 }}
    >
      {message}
    </Alert>
  );
}

/**
 * The outcome of an action that moves money: it stays on screen until it is closed (no time-out, and a click elsewhere
 * does not close it either), so that it is read. `message` is already translated.
 */
export function useLastingNotify() {
  const notify = useNotify();
  return useCallback(
    (message: string, type: AlertColor) =>
      notify(<LastingNotice message={message} type={type} />, {
        type,
        autoHideDuration: null,
        // Spread onto the Snackbar by react-admin: a click elsewhere on the page leaves the notice open.
        ClickAwayListenerProps: { mouseEvent: false, touchEvent: false },
      }),
    [notify],
  );
}
