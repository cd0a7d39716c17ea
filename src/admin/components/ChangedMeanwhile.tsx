/**
 * An edit form that someone else changed meanwhile warns instead of overwriting (issue 41). The record reloads while
 * its form is open (a live event or a refocus refetches it); react-admin would then reset the form to it and drop
 * what was typed. Instead the form keeps the version it was opened on (`HeldRecord`): while nothing is typed it takes
 * a newer one at once; with unsaved changes `<ChangedMeanwhile />` (placed inside the form) says that the record
 * changed and offers to reload the latest, which drops what was typed. The held version's `updatedAt` stays among
 * the form's values, so the save names it (`If-Match`, providers/dataProvider.ts) and a server that checks it refuses
 * the stale save (412) instead of overwriting the other person's change.
 */
import { Alert, Button } from '@mui/material';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { RecordContextProvider, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';

type AnyRecord = Record<string, unknown> & { id?: unknown };

type Held = { held: AnyRecord; latest: AnyRecord; adopt: () => void };
const HeldContext = createContext<Held | null>(null);

/** What tells two versions of a record apart: its updatedAt, else its whole content. */
const versionOf = (r: AnyRecord) => (typeof r.updatedAt === 'string' ? r.updatedAt : JSON.stringify(r));

/** Whether the latest version of the record differs from the one its form holds. */
export const changedSince = (held: AnyRecord, latest: AnyRecord) =>
  held.id === latest.id && versionOf(held) !== versionOf(latest);

/**
 * Gives its children (a form) the record as it was when first loaded instead of each reload of it: `latest` is the
 * record as the server last answered it (another record's id is taken at once).
 */
export function HeldRecord({ latest, children }: { latest: AnyRecord | undefined; children: ReactNode }) {
  const [held, setHeld] = useState(latest);
  let shown = held;
  // The first answer, another record, or the same version answered again (e.g. the one-record answer after the
  // list's copy): taken at once, as react-admin would.
  if (latest && (!held || held.id !== latest.id || (latest !== held && versionOf(latest) === versionOf(held)))) {
    shown = latest;
    setHeld(latest);
  }
  const adopt = useCallback(() => setHeld(latest), [latest]);
  if (!shown || !latest) return <>{children}</>;
  return (
    <HeldContext.Provider value={{ held: shown, latest, adopt }}>
      <RecordContextProvider value={shown}>{children}</RecordContextProvider>
    </HeldContext.Provider>
  );
}

/** Inside an edit form: takes a newer version while nothing is typed, else warns and offers to reload it. */
export function ChangedMeanwhile() {
  const translate = useTranslate();
  const context = useContext(HeldContext);
  const { isDirty } = useFormState();
  const changed = !!context && changedSince(context.held, context.latest);
  const adopt = context?.adopt;
  useEffect(() => {
    if (changed && !isDirty) adopt?.();
  }, [changed, isDirty, adopt]);
  if (!changed || !isDirty) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mb: 2, width: '100%' }}
      action={
        <Button color="inherit" size="small" onClick={adopt}>
          {translate('app.edit.reload_latest')}
        </Button>
      }
    >
      {translate('app.edit.changed_meanwhile')}
    </Alert>
  );
}
