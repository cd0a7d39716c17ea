import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import FormField from '../components/FormField';
import { MIN_PASSWORD_LENGTH } from '../../common/users';
import { ApiError, changePassword, getOwnMembership, signup, TwoFactorNeeded } from '../api';
import { SectionLink } from '../components/AccountSection';
import { ErrorText, Loading } from '../components/Status';
import { useLoad } from '../components/useLoad';
import { useTitle } from '../components/useTitle';
import { fill, useI18n } from '../i18n';
import { useWalletText } from '../i18n/wallet';
import { useSession } from '../session';
import { useSiteName } from '../settings';
import ConfirmSignup from './ConfirmSignup';
import Notifications from './Notifications';
import Kyc from './Kyc';
import Membership from './Membership';
import Orders from './Orders';
import TwoFactor from './TwoFactor';
import Wallet, { WALLET_FIELD } from './Wallet';

type Errors<K extends string> = Partial<Record<K, string>>;

const messageOf = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

/** The first field with an error gets the focus, so a keyboard user lands where the fix is. */
function focusFirst<K extends string>(form: string, order: readonly K[], errors: Errors<K>) {
  const first = order.find((k) => errors[k]);
  if (first) document.getElementById(`${form}-${first}`)?.focus();
}

/** A titled card holding a form: log-in and sign-up look alike. */
function FormPanel({
  id,
  title,
  intro,
  error,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  error: string;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2.5, sm: 3.5 } }}>
      <Typography id={`${id}-title`} variant="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {intro}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${id}-title`}
        sx={{ display: 'grid', gap: 2 }}
      >
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {children}
      </Box>
    </Paper>
  );
}

function LoginForm() {
  const { m } = useI18n();
  const session = useSession();
  const t = m.account.login;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<'email' | 'password'>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** Set once the password was right for an account with 2FA: the form asks for the code. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !challenge) return;
    if (!code.trim()) {
      setError(t.codeRequired);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await session.loginWithCode(challenge, code.trim(), t.failed);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'challenge_invalid') setChallenge(null);
      setError(messageOf(err, t.failed));
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing: Errors<'email' | 'password'> = {};
    if (!email.trim()) missing.email = t.emailRequired;
    if (!password) missing.password = t.passwordRequired;
    setErrors(missing);
    setError('');
    if (Object.keys(missing).length) return focusFirst('login', ['email', 'password'], missing);
    setBusy(true);
    try {
      await session.login(email.trim(), password, t.failed);
    } catch (err) {
      setBusy(false);
      if (err instanceof TwoFactorNeeded) {
        setChallenge(err.challenge);
        setCode('');
        return;
      }
      setError(messageOf(err, t.failed));
      document.getElementById('login-password')?.focus();
    }
  };

  if (challenge) {
    return (
      <FormPanel id="login" title={t.title} intro={t.codeIntro} error={error} onSubmit={submitCode}>
        <TextField
          id="login-code"
          label={t.code}
          autoComplete="one-time-code"
          required
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t.busy : t.verify}
        </Button>
        <Button
          disabled={busy}
          onClick={() => {
            setChallenge(null);
            setError('');
          }}
        >
          {t.startOver}
        </Button>
      </FormPanel>
    );
  }

  return (
    <FormPanel id="login" title={t.title} intro={t.intro} error={error} onSubmit={submit}>
      <TextField
        id="login-email"
        label={t.email}
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={!!errors.email}
        helperText={errors.email}
      />
      <TextField
        id="login-password"
        label={t.password}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={!!errors.password}
        helperText={errors.password}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? t.busy : t.submit}
      </Button>
    </FormPanel>
  );
}

const SIGNUP_FIELDS = ['name', 'email', 'password'] as const;
type SignupField = (typeof SIGNUP_FIELDS)[number];

function SignupForm() {
  const { m } = useI18n();
  const t = m.account.signup;
  /** The email a confirmation was sent to: the form gives way to "check your email". */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [values, setValues] = useState<Record<SignupField, string>>({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors<SignupField>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing: Errors<SignupField> = {};
    if (!values.name.trim()) missing.name = t.nameRequired;
    if (!values.email.trim()) missing.email = t.emailRequired;
    if (!values.password) missing.password = t.passwordRequired;
    setErrors(missing);
    setError('');
    if (Object.keys(missing).length) return focusFirst('signup', SIGNUP_FIELDS, missing);
    setBusy(true);
    const input = { name: values.name.trim(), email: values.email.trim(), password: values.password };
    try {
      await signup(input);
    } catch (err) {
      // 400: a sentence per field; 409 (email taken), 429 and the rest: one sentence above the form.
      const fields: Errors<SignupField> = {};
      if (err instanceof ApiError && err.fields) {
        for (const k of SIGNUP_FIELDS) if (err.fields[k]) fields[k] = err.fields[k];
      }
      setErrors(fields);
      if (Object.keys(fields).length) focusFirst('signup', SIGNUP_FIELDS, fields);
      else setError(messageOf(err, t.failed));
      setBusy(false);
      return;
    }
    setBusy(false);
    setValues({ name: '', email: '', password: '' });
    setSentTo(input.email);
  };

  const field = (
    name: SignupField,
    label: string,
    extra: { type?: string; autoComplete: string; helperText?: string },
  ) => (
    <FormField
      form="signup"
      name={name}
      label={label}
      value={values[name]}
      error={errors[name]}
      onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
      type={extra.type}
      autoComplete={extra.autoComplete}
      hint={extra.helperText}
    />
  );

  if (sentTo) {
    return (
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="signup-sent-title"
        sx={{ p: { xs: 2.5, sm: 3.5 } }}
      >
        <Typography id="signup-sent-title" variant="h2" sx={{ mb: 1.5 }}>
          {t.sentTitle}
        </Typography>
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {fill(t.sent, { email: sentTo })}
        </Alert>
        <Button onClick={() => setSentTo(null)}>{t.again}</Button>
      </Paper>
    );
  }

  return (
    <FormPanel id="signup" title={t.title} intro={t.intro} error={error} onSubmit={submit}>
      {field('name', t.name, { autoComplete: 'name' })}
      {field('email', t.email, { type: 'email', autoComplete: 'email' })}
      {field('password', t.password, {
        type: 'password',
        autoComplete: 'new-password',
        helperText: fill(t.passwordHelp, { min: MIN_PASSWORD_LENGTH }),
      })}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? t.busy : t.submit}
      </Button>
    </FormPanel>
  );
}

/** After an administrator reset the password: the new one, before anything else. */
function ChangePasswordForm() {
  const { m } = useI18n();
  const session = useSession();
  const t = m.account.password;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Errors<'currentPassword' | 'newPassword'>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!current || !next) {
      setError(t.required);
      return;
    }
    setBusy(true);
    setError('');
    setErrors({});
    try {
      await changePassword(current, next);
      session.refresh();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      setError(messageOf(err, t.failed));
      setBusy(false);
    }
  };

  return (
    <FormPanel id="password" title={t.title} intro={t.intro} error={error} onSubmit={submit}>
      <TextField
        id="password-current"
        name="currentPassword"
        label={t.current}
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={!!errors.currentPassword}
        helperText={errors.currentPassword}
      />
      <TextField
        id="password-new"
        name="newPassword"
        label={t.next}
        type="password"
        autoComplete="new-password"
        required
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={!!errors.newPassword}
        helperText={errors.newPassword ?? fill(m.account.signup.passwordHelp, { min: MIN_PASSWORD_LENGTH })}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? t.busy : t.submit}
      </Button>
    </FormPanel>
  );
}

function Profile() {
  const { m } = useI18n();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  if (session.status !== 'in') return null;
  const { user } = session;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 4 }}
    >
      <Box>
        <Typography variant="h1" sx={{ mb: 0.5 }}>
          {fill(m.account.welcome, { name: user.name || user.email })}
        </Typography>
        <Typography color="text.secondary">{fill(m.account.signedInAs, { email: user.email })}</Typography>
      </Box>
      <Button
        variant="outlined"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void session.logout();
        }}
      >
        {busy ? m.account.loggingOut : m.account.logout}
      </Button>
    </Box>
  );
}

/** The parts of the signed-in Account page, in their order on it: each link scrolls to its heading. */
function SectionLinks() {
  const t = useWalletText().sections;
  const links = [
    ['orders-title', t.orders],
    ['membership-title', t.membership],
    ['wallet-title', t.wallet],
    ['notifications-title', t.notifications],
    ['two-factor-title', t.twoFactor],
    ['kyc-title', t.kyc],
  ] as const;
  return (
    <Box component="nav" aria-label={t.label} sx={{ mb: 3 }}>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1 }}
      >
        {links.map(([to, label]) => (
          <li key={to}>
            <SectionLink to={to}>{label}</SectionLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** What a signed-in shopper does: their orders first, then membership and the wallet it mints to, notifications, security, identity. */
function SignedIn() {
  const [version, setVersion] = useState(0);
  const member = useLoad(`member:${version}`, (signal) => getOwnMembership(signal));
  const changed = () => setVersion((v) => v + 1);
  return (
    <>
      <SectionLinks />
      <Orders />
      <Membership member={member} version={version} walletField={WALLET_FIELD} onChanged={changed} />
      <Wallet member={member} onSaved={changed} />
      <Notifications />
    </>
  );
}

/** Logged out: log in or sign up. Logged in: who, Log out, the shopper's own orders first, then the rest of their account. */
export default function Account() {
  const { m } = useI18n();
  const session = useSession();
  useTitle(m.account.title, useSiteName(m.app.defaultSiteName));
  const heading = useRef<HTMLDivElement>(null);
  // Logging in or out swaps the view: the focus moves to the top of the new one.
  const status = session.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current !== status && previous.current !== 'checking') heading.current?.focus();
    previous.current = status;
  }, [status]);
  // A session open when the shop began to require 2FA is restricted from then on: opening the account asks again.
  const { refresh } = session;
  const wasIn = useRef(status === 'in');
  useEffect(() => {
    if (wasIn.current) refresh();
  }, [refresh]);

  if (status === 'checking') return <Loading label={m.account.checking} />;
  if (status === 'error') {
    return (
      <ErrorText
        message={fill(m.account.sessionFailed, { message: session.error })}
        retry={session.recheck}
        retryLabel={m.app.retry}
      />
    );
  }
  if (status === 'in') {
    const mustEnrol = session.restriction === 'two_factor_enrolment';
    return (
      <Box ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        <Profile />
        {session.restriction === 'password_change' ? (
          <ChangePasswordForm />
        ) : (
          // The 2FA section keeps its place when the enrolment the shop requires is done, so it is not reset.
          <>
            {mustEnrol && (
              <Alert severity="warning" role="alert" sx={{ mb: 3 }}>
                {m.account.twoFactor.required}
              </Alert>
            )}
            {!mustEnrol && <SignedIn />}
            <TwoFactor onChanged={session.refresh} />
            {!mustEnrol && <Kyc />}
          </>
        )}
      </Box>
    );
  }
  return (
    <Box ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {m.account.title}
      </Typography>
      <ConfirmSignup />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <LoginForm />
        <SignupForm />
      </Box>
    </Box>
  );
}
