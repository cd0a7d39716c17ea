import { Alert, Box, Button, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Form, Title, useNotify, useTranslate } from 'react-admin';
import type { Settings } from '../../../common/settings';
import { apiGet, apiSend, ApiError } from '../../../lib/api';
import { refreshPublicSettings } from '../../hooks/usePublicSettings';
import { usePathTab } from '../../hooks/usePathTab';
import { ChangedMeanwhile, HeldRecord } from '../../components/ChangedMeanwhile';
import AuditLog from './AuditLog';
import Outbox from '../notifications/Outbox';
import DebugEnv from './DebugEnv';
import SettingsSections from './SettingsSections';

const QUERY_KEY = ['settings'];
const TABS = ['settings', 'audit', 'outbox', 'debug'] as const;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The site's settings (admin only): load, edit in sections, save them all at once, or reset them to the defaults. */
export default function SettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [confirmReset, setConfirmReset] = useState(false);
  const [busy, setBusy] = useState(false);
  // Counts this page's own saves and resets: the form then starts again from what the server stored.
  const [stores, setStores] = useState(0);
  const [tab, setTab] = usePathTab('/settings', TABS);
  const settings = useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () => (await apiGet<{ settings: Settings }>('/api/settings')).settings,
  });

  const stored = (next: Settings) => {
    client.setQueryData(QUERY_KEY, next);
    setStores((n) => n + 1);
    void refreshPublicSettings();
  };

  // Answers the server's field sentences so that each lands under its input.
  const save = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      stored((await apiSend<{ settings: Settings }>('PUT', '/api/settings', values)).settings);
      notify('app.settings.saved', { type: 'success' });
      return undefined;
    } catch (e) {
      notify(translate('app.settings.save_failed', { error: messageOf(e) }), { type: 'error' });
      return e instanceof ApiError ? e.fields : undefined;
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    setConfirmReset(false);
    setBusy(true);
    try {
      stored((await apiSend<{ settings: Settings }>('POST', '/api/settings/reset')).settings);
      notify('app.settings.reset_done', { type: 'success' });
    } catch (e) {
      notify(translate('app.settings.reset_failed', { error: messageOf(e) }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ py: 2, maxWidth: 1100 }}>
      <Title title="app.settings.title" />
      <Typography variant="h5">{translate('app.settings.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.settings.subtitle')}
      </Typography>
      <Tabs value={tab} onChange={(_, next: (typeof TABS)[number]) => setTab(next)} sx={{ mb: 2 }}>
        <Tab value="settings" label={translate('app.settings.tabs.settings')} />
        <Tab value="audit" label={translate('app.settings.tabs.audit')} />
        <Tab value="outbox" label={translate('app.settings.tabs.outbox')} />
        <Tab value="debug" label={translate('app.settings.tabs.debug')} />
      </Tabs>
      {tab === 'audit' && <AuditLog />}
      {tab === 'outbox' && <Outbox />}
      {tab === 'debug' && <DebugEnv />}
      {tab === 'settings' && (
        <>
          {settings.error && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => settings.refetch()}>
                  {translate('app.settings.retry')}
                </Button>
              }
            >
              {`${translate('app.settings.load_failed')}: ${messageOf(settings.error)}`}
            </Alert>
          )}
          {settings.isPending && !settings.error && <CircularProgress aria-label={translate('ra.page.loading')} />}
          {settings.data && (
            // The form holds the settings it opened with: another admin's save, found by a reload, is taken at once
            // while nothing is typed, else warned of (ChangedMeanwhile). The key starts it again after our own save.
            <HeldRecord key={stores} latest={settings.data}>
              <Form onSubmit={save} noValidate>
                <ChangedMeanwhile />
                <SettingsSections />
                <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', mt: 2 }}>
                  <Button variant="outlined" color="warning" disabled={busy} onClick={() => setConfirmReset(true)}>
                    {translate('app.settings.reset')}
                  </Button>
                  <Button type="submit" variant="contained" disabled={busy}>
                    {translate(busy ? 'app.settings.saving' : 'app.settings.save')}
                  </Button>
                </Box>
              </Form>
            </HeldRecord>
          )}
        </>
      )}
      <Confirm
        isOpen={confirmReset}
        title="app.settings.reset_confirm_title"
        content="app.settings.reset_confirm"
        onConfirm={reset}
        onClose={() => setConfirmReset(false)}
      />
    </Box>
  );
}
