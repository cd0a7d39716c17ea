import KeyIcon from '@mui/icons-material/Key';
import SendIcon from '@mui/icons-material/Send';
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { WebhookEndpoint } from '../../../common/webhooks';
import SecretDialog from './SecretDialog';
import { logKey, rotate, sendTest } from './webhookApi';

/** "Send test event" and "Rotate secret" (after a confirmation; the new secret is shown once). */
export default function WebhookActions() {
  const record = useRecordContext<WebhookEndpoint>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  if (!record) return null;
  const t = (key: string) => translate(`resources.webhooks.${key}`);

  const run = async (work: () => Promise<void>) => {
    setWorking(true);
    try {
      await work();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setWorking(false);
    }
  };
  const test = () =>
    run(async () => {
      await sendTest(record.id);
      notify('resources.webhooks.test.sent', { type: 'info' });
      await queryClient.invalidateQueries({ queryKey: logKey(record.id) });
    });
  const rotateSecret = () =>
    run(async () => {
      setConfirming(false);
      const answer = await rotate(record.id);
      notify('resources.webhooks.rotate.done', { type: 'info' });
      setSecret(answer.secret);
      refresh();
    });

  return (
    <>
      <Button size="small" startIcon={<SendIcon />} onClick={test} disabled={working}>
        {t('test.button')}
      </Button>
      <Button size="small" startIcon={<KeyIcon />} onClick={() => setConfirming(true)} disabled={working}>
        {t('rotate.button')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={t('rotate.confirm_title')}
        content={t('rotate.confirm_content')}
        onConfirm={rotateSecret}
        onClose={() => setConfirming(false)}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
