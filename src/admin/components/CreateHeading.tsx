import { Typography } from '@mui/material';
import { useCreateContext } from 'react-admin';

/** A create page's heading ("Create Product"), first in its card: the top bar names only the section. */
export default function CreateHeading() {
  const { defaultTitle } = useCreateContext();
  return (
    <Typography variant="h5" component="h2" sx={{ px: 2, pt: 2 }}>
      {defaultTitle}
    </Typography>
  );
}
