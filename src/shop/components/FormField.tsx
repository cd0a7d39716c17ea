import { TextField } from '@mui/material';

/**
 * A required field of a shop form, wired the same way everywhere: its id from the form's name (so a focus on the first
 * error can find it), its sentence under it when refused (else its hint), a date's label kept above its picker.
 */
export default function FormField({
  form,
  name,
  label,
  value,
  error,
  onChange,
  type = 'text',
  autoComplete,
  hint,
}: {
  form: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  hint?: string;
}) {
  return (
    <TextField
      id={`${form}-${name}`}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? hint}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
}
