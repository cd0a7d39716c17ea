import { Alert } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** A list's load failure: the screen's own sentence and the error text, in place of the rows. */
export default function ListLoadError({ message }: { message: string }) {
  const translate = useTranslate();
  const { error } = useListContext();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {translate(message)}
      {error?.message ? `: ${error.message}` : ''}
    </Alert>
  );
}
