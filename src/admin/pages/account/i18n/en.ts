/** The logged-in user's own security screens (two-factor authentication, password): `app.account.*`. */
const en = {
  menu: { two_factor: 'Two-factor authentication', password: 'Change password' },
  back: 'Back to the app',
  logout: 'Log out',
  two_factor: {
    title: 'Two-factor authentication',
    intro:
      'Each login will ask for a 6-digit code from an authenticator app on your phone (Google Authenticator, Authy, 1Password…) after your password.',
    required: 'Your organisation requires two-factor authentication for all users. Set it up to continue.',
    start: 'Set up two-factor authentication',
    scan: 'Scan this QR code with your authenticator app, or type the secret into it.',
    qr_alt: 'QR code for the authenticator app',
    secret: 'Secret',
    code: 'Code from the app',
    confirm: 'Confirm',
    codes_title: 'Save your recovery codes',
    codes_text:
      'If you lose your phone, each of these codes logs you in once instead of a code from the app. Keep them somewhere safe: they are shown only now.',
    copy_codes: 'Copy the codes',
    copied: 'Copied',
    continue: 'I have saved them, continue',
    on: 'Two-factor authentication is on (since %{date}).',
    codes_left: 'Recovery codes left: %{count}',
    off_title: 'Turn off',
    off_text:
      'Enter your password and a current code from the app (or a recovery code) to turn two-factor authentication off.',
    password: 'Current password',
    off_button: 'Turn off two-factor authentication',
    off_confirm_title: 'Turn off two-factor authentication?',
    off_confirm: 'Your account will be protected by your password alone.',
    off_required: 'Two-factor authentication is required for all users: you will be asked to set it up again at once.',
    turned_off: 'Two-factor authentication is off',
    enabled: 'Two-factor authentication is on',
    loading: 'Loading…',
  },
  password: {
    title: 'Change password',
    reset_notice: 'An administrator reset your password. Choose a new one to continue.',
    current: 'Current password',
    next: 'New password',
    repeat: 'New password again',
    min: 'At least %{count} characters.',
    mismatch: 'The two new passwords differ.',
    submit: 'Change password',
    changed: 'Password changed. Your other sessions were logged out.',
  },
  set_password: {
    title: 'Set your password',
    intro: 'Choose the password for your account. This link works once; after that, log in with the password you set.',
    next: 'New password',
    repeat: 'New password again',
    mismatch: 'The two passwords differ.',
    submit: 'Set password',
    submitting: 'Setting the password…',
    done: 'Your password is set. Log in as %{email} with it.',
    login: 'Log in',
    shop: 'Go to the shop',
    no_token:
      'This page needs the whole link from your email (it ends with ?token=…). Open the link again, or ask an administrator for a new one.',
  },
};

export default en;
