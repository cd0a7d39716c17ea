import SearchIcon from '@mui/icons-material/Search';
import { Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

const L = 'app.membership.lookup';

/** Staff: find a member by email; the page then shows that member's card and histories. */
export default function MemberLookup({
  email,
  onFind,
}: {
  email?: string;
  onFind: (email: string | undefined) => void;
}) {
  const translate = useTranslate();
  const [value, setValue] = useState(email ?? '');
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wanted = value.trim();
    setMissing(!wanted);
    if (wanted) onFind(wanted);
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent
        component="form"
        role="search"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', '&:last-child': { pb: 2 } }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ width: '100%' }}>
          {translate(`${L}.title`)}
        </Typography>
        <TextField
          size="small"
          type="email"
          name="memberEmail"
          label={translate(`${L}.email`)}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={missing}
          helperText={missing ? translate('ra.validation.required') : undefined}
          sx={{ minWidth: 320, flex: '0 1 420px' }}
        />
        <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
          {translate(`${L}.submit`)}
        </Button>
        {email && (
          <Button
            onClick={() => {
              setValue('');
              setMissing(false);
              onFind(undefined);
            }}
          >
            {translate(`${L}.clear`)}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
