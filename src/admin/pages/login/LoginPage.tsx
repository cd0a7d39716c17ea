import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  InputAdornment,
  TextField,
  Typography,
} from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { authProvider, LOGIN_MESSAGES, TwoFactorRequired } from '../../providers/authProvider';
import { i18nProvider, isAppLocale, storedLocale, type AppLocale } from '../../providers/i18nProvider';
import { LanguageButtons } from '../../layout/LanguageButtons';
import { usePublicSettings } from '../../hooks/usePublicSettings';

export const DEFAULT_EMAIL = 'admin@rwa.dev';

/** Our own sentences are translated; the server's sentences are shown as it wrote them. */
const MESSAGE_KEYS: Record<string, string> = {
  [LOGIN_MESSAGES.failed]: 'app.login.errors.failed',
  [LOGIN_MESSAGES.missingToken]: 'app.login.errors.missing_token',
  [LOGIN_MESSAGES.retry]: 'app.login.errors.retry',
};

const EMAIL = /^\S+@\S+\.\S+$/;

/**
 * The language the login page speaks: the provider's, switched through it (Chinese is fetched on first use), and
 * until the user picks one, the site's configured language.
 */
function useLoginLocale() {
  const [locale, setLocale] = useState<string>(i18nProvider.getLocale());
  const change = (next: AppLocale) => i18nProvider.changeLocale(next).then(() => setLocale(next));
  const siteLanguage = usePublicSettings()?.language;
  useEffect(() => {
    if (storedLocale() || !isAppLocale(siteLanguage) || siteLanguage === i18nProvider.getLocale()) return;
    i18nProvider.changeLocale(siteLanguage).then(
      () => setLocale(siteLanguage),
      () => undefined,
    );
  }, [siteLanguage]);
  const translate = (key: string) => i18nProvider.translate(key);
  return { locale, change, translate };
}

/**
 * Where a successful login goes, the app loading anew there: inside <Admin>, the page react-admin was sent away from
 * (its router's state); otherwise, or without one, the role's home.
 */
function enter(redirectTo: string | undefined, returnToPrevious: boolean) {
  const from = returnToPrevious
    ? (window.history.state as { usr?: { nextPathname?: string; nextSearch?: string } } | null)?.usr
    : undefined;
  const next = from?.nextPathname;
  window.location.replace(next && next !== '/login' ? `${next}${from?.nextSearch ?? ''}` : (redirectTo ?? '/'));
}

/**
 * The admin's login page, with no react-admin inside, so that it is all the browser downloads before anyone logs in
 * (main.tsx renders it alone; <Admin> shows it too after a logout). The password step, then a 2FA code when asked.
 */
export function LoginPage({ returnToPrevious = true }: { returnToPrevious?: boolean }) {
  const { locale, change, translate } = useLoginLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState({ email: DEFAULT_EMAIL, password: '', code: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof typeof fields, string>>>({});
  const [shown, setShown] = useState(false);
  /** Set once the password was right for an account with 2FA: the form asks for the code. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields({ ...fields, [name]: e.target.value });
  const fail = (e: unknown) => {
    const message = e instanceof Error && e.message ? e.message : LOGIN_MESSAGES.retry;
    setError(MESSAGE_KEYS[message] ? translate(MESSAGE_KEYS[message]) : message);
    setBusy(false);
  };
  const missing = (names: (keyof typeof fields)[]) => {
    const found = Object.fromEntries(
      names.filter((n) => !fields[n].trim()).map((n) => [n, translate('ra.validation.required')]),
    );
    if (names.includes('email') && fields.email.trim() && !EMAIL.test(fields.email.trim()))
      found.email = translate('ra.validation.email');
    setProblems(found);
    return Object.keys(found).length > 0;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (missing(challenge ? ['code'] : ['email', 'password'])) return;
    setBusy(true);
    setError(null);
    try {
      const params = challenge
        ? { challenge, code: fields.code.trim() }
        : { email: fields.email.trim(), password: fields.password };
      const done = (await authProvider.login(params)) as { redirectTo?: string } | undefined;
      enter(done?.redirectTo, returnToPrevious);
    } catch (err) {
      if (!challenge && err instanceof TwoFactorRequired) {
        setChallenge(err.challenge);
        setBusy(false);
        return;
      }
      // An expired or used challenge: start again from the password.
      if (challenge && err instanceof Error && /expired or was already used/.test(err.message)) setChallenge(null);
      fail(err);
    }
  };

  const field = (name: keyof typeof fields) => ({
    id: `login-${name}`,
    name,
    value: fields[name],
    onChange: set(name),
    fullWidth: true,
    disabled: busy,
    margin: 'dense' as const,
    error: !!problems[name],
    helperText: problems[name] ?? ' ',
    required: true,
  });
  const spinner = busy ? <CircularProgress size={16} color="inherit" /> : undefined;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Box sx={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageButtons
          value={locale}
          label={translate('app.layout.language')}
          onChange={(next) => void change(next)}
          color="default"
        />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <LockIcon color="primary" sx={{ fontSize: 40, mb: 1 }} />
            <Typography variant="h5" component="h1">
              {translate('app.login.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.login.subtitle')}
            </Typography>
          </Box>
          <form key={challenge ? 'code' : 'password'} onSubmit={submit} noValidate>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
                {error}
              </Alert>
            )}
            {challenge ? (
              <>
                <Typography variant="body2" sx={{ mb: 2 }}>
                  {translate('app.login.code_step')}
                </Typography>
                <TextField
                  {...field('code')}
                  label={translate('app.login.code')}
                  autoComplete="one-time-code"
                  autoFocus
                />
                <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }} startIcon={spinner}>
                  {translate(busy ? 'app.login.verifying' : 'app.login.verify')}
                </Button>
                <Button
                  fullWidth
                  sx={{ mt: 1 }}
                  disabled={busy}
                  onClick={() => {
                    setChallenge(null);
                    setError(null);
                  }}
                >
                  {translate('app.login.start_over')}
                </Button>
              </>
            ) : (
              <>
                <TextField
                  {...field('email')}
                  type="email"
                  label={translate('app.login.email')}
                  autoComplete="username"
                />
                <TextField
                  {...field('password')}
                  type={shown ? 'text' : 'password'}
                  label={translate('app.login.password')}
                  autoComplete="current-password"
                  slotProps={{
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          <IconButton
                            onClick={() => setShown(!shown)}
                            aria-label={translate(
                              shown ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden',
                            )}
                            size="large"
                          >
                            {shown ? <Visibility /> : <VisibilityOff />}
                          </IconButton>
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }} startIcon={spinner}>
                  {translate(busy ? 'app.login.submitting' : 'app.login.submit')}
                </Button>
              </>
            )}
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}

export default LoginPage;
