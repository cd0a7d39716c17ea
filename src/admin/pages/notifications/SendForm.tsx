import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import {
  AUDIENCES,
  BODY_MAX,
  CHANNELS,
  TITLE_MAX,
  type Audience,
  type BulkJob,
  type Channel,
} from '../../../common/notifications';
import { ApiError, apiSend } from '../../../lib/api';

type Errors = Partial<Record<'email' | 'title' | 'body' | 'link' | 'channels' | 'audience', string>>;

/** Send to one user (by email) or to a role or everyone in bulk: title, message, optional link, channels. */
export default function SendForm({ onQueued }: { onQueued: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [mode, setMode] = useState<'one' | 'many'>('one');
  const [email, setEmail] = useState('');
  const [audience, setAudience] = useState<Audience>('all');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [link, setLink] = useState('');
  const [channels, setChannels] = useState<Channel[]>(['in_app']);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const t = (key: string, opts?: Record<string, unknown>) => translate(`app.notifications.send.${key}`, opts);

  const check = (): boolean => {
    const next: Errors = {};
    if (mode === 'one' && !email.trim()) next.email = t('required');
    if (!title.trim()) next.title = t('required');
    if (!body.trim()) next.body = t('required');
    if (channels.length === 0) next.channels = t('channel_required');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const payload = () => ({ title, body, channels, link: link.trim() || null });

  const send = async () => {
    setBusy(true);
    try {
      if (mode === 'one') {
        await apiSend('POST', '/api/notifications/send', { email: email.trim(), ...payload() });
        notify('app.notifications.send.sent', { type: 'success' });
      } else {
        const { job } = await apiSend<{ job: BulkJob }>('POST', '/api/notifications/bulk', { audience, ...payload() });
        notify(t('queued', { smart_count: job.total }), { type: 'success' });
        onQueued();
      }
      await client.invalidateQueries({ queryKey: ['notifications'] });
      setTitle('');
      setBody('');
      setLink('');
      setErrors({});
    } catch (e) {
      if (e instanceof ApiError && e.fields)
        setErrors({ ...e.fields, ...(e.fields.userId ? { email: e.fields.userId } : {}) });
      else if (e instanceof ApiError && e.status === 404) setErrors({ email: e.message });
      notify(t('failed', { error: e instanceof Error ? e.message : String(e) }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check()) return;
    if (mode === 'many') setConfirming(true);
    else void send();
  };

  const toggle = (c: Channel) => setChannels((list) => (list.includes(c) ? list.filter((x) => x !== c) : [...list, c]));

  return (
    <Card variant="outlined" sx={{ maxWidth: 720 }}>
      <CardContent
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography variant="h6">{t(mode === 'one' ? 'one_title' : 'bulk_title')}</Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          aria-label={t('to')}
          onChange={(_, v: 'one' | 'many' | null) => {
            if (v) {
              setMode(v);
              setErrors({});
            }
          }}
        >
          <ToggleButton value="one">{t('one')}</ToggleButton>
          <ToggleButton value="many">{t('many')}</ToggleButton>
        </ToggleButtonGroup>
        {mode === 'one' ? (
          <TextField
            label={t('email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!errors.email}
            helperText={errors.email}
            inputProps={{ maxLength: 254 }}
          />
        ) : (
          <TextField
            select
            label={t('audience')}
            value={audience}
            onChange={(e) => setAudience(e.target.value as Audience)}
            error={!!errors.audience}
            helperText={errors.audience}
          >
            {AUDIENCES.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`audiences.${a}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          label={t('title')}
          required
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={!!errors.title}
          helperText={errors.title}
          inputProps={{ maxLength: TITLE_MAX }}
        />
        <TextField
          label={t('body')}
          required
          multiline
          minRows={3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={!!errors.body}
          helperText={errors.body ?? `${body.length} / ${BODY_MAX}`}
          inputProps={{ maxLength: BODY_MAX }}
        />
        <TextField
          label={t('link')}
          value={link}
          onChange={(e) => setLink(e.target.value)}
          error={!!errors.link}
          helperText={errors.link ?? t('link_help')}
        />
        <FormControl error={!!errors.channels} component="fieldset">
          <FormLabel component="legend">{t('channels')}</FormLabel>
          <FormGroup row>
            {CHANNELS.map((c) => (
              <FormControlLabel
                key={c}
                control={<Checkbox checked={channels.includes(c)} onChange={() => toggle(c)} />}
                label={t(c === 'in_app' ? 'in_app' : 'email_channel')}
              />
            ))}
          </FormGroup>
          {errors.channels && <FormHelperText>{errors.channels}</FormHelperText>}
        </FormControl>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('sending') : t(mode === 'one' ? 'submit' : 'submit_bulk')}
          </Button>
        </Box>
      </CardContent>
      <Confirm
        isOpen={confirming}
        title="app.notifications.send.confirm_title"
        content={t('confirm', { title, audience: t(`audiences.${audience}`) })}
        onConfirm={() => {
          setConfirming(false);
          void send();
        }}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
