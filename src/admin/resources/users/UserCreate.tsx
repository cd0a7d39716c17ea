import { useState } from 'react';
import { Create, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { UserCreated } from '../../../common/users';
import { ApiError, apiSend } from '../../../lib/api';
import CreateHeading from '../../components/CreateHeading';
import ShownOnceDialog from './ShownOnceDialog';
import UserForm, { userDefaults } from './UserForm';

/**
 * Add User: with an initial password, or with a one-time set-password link that is emailed to the user and shown here
 * once (with a copy button) before going to the new user's page. Sent directly rather than through the data provider,
 * whose create answers only the record and would lose the link.
 */
export default function UserCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [created, setCreated] = useState<UserCreated | null>(null);

  const save = async (values: Record<string, unknown>) => {
    const { password, ...rest } = values;
    try {
      const answer = await apiSend<UserCreated>(
        'POST',
        '/api/users',
        rest.passwordSetup === 'link' ? rest : { ...rest, password },
      );
      notify('resources.users.notifications.created', { type: 'info', messageArgs: { smart_count: 1 } });
      if (answer.setPasswordLink) setCreated(answer);
      else redirect('show', 'users', answer.user.id);
    } catch (e) {
      if (e instanceof ApiError && e.fields) return e.fields;
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
    return undefined;
  };

  return (
    <Create>
      <CreateHeading />
      <UserForm create defaultValues={userDefaults} onSubmit={save} />
      <ShownOnceDialog
        title={translate('resources.users.security.link_title')}
        text={translate('resources.users.security.invite_text', { email: created?.user.email ?? '' })}
        value={created?.setPasswordLink?.url ?? null}
        testId="set-password-link"
        onClose={() => redirect('show', 'users', created!.user.id)}
      />
    </Create>
  );
}
