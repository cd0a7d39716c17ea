import { Link, Paper, Typography } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';

/** One titled section of the Account page (KYC, two-factor): a heading, a line saying what it is for, its body. */
export default function AccountSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2.5, sm: 3.5 }, mb: 4 }}
    >
      <Typography id={`${id}-title`} variant="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {intro}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A link to another part of the Account page (the element with id `to`): it scrolls there below the sticky header
 * and, when that is a field, puts the focus in it.
 */
export function SectionLink({ to, children }: { to: string; children: ReactNode }) {
  const go = (e: MouseEvent) => {
    const target = document.getElementById(to);
    if (!target) return;
    e.preventDefault();
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - header - 16 });
    if (target.matches('input, textarea, select, button')) target.focus({ preventScroll: true });
  };
  return (
    <Link href={`#${to}`} onClick={go}>
      {children}
    </Link>
  );
}
