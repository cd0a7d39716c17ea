import { Tab, Tabs } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import type { ResourceName } from '../../common/resources';

type SectionTab = { path: string; label: string };

/**
 * A menu section's two pages as tabs (the menu has one item for both; PRODUCT.md, Screens): the section's own page, and a
 * second one shown only to the roles that may list `resource`; the others see no tabs at all.
 */
export default function SectionTabs({
  resource,
  main,
  second,
  ariaLabel,
  sx,
}: {
  resource: ResourceName;
  main: SectionTab;
  second: SectionTab;
  ariaLabel: string;
  sx?: object;
}) {
  const translate = useTranslate();
  const { canAccess: canSee = false } = useCanAccess({ resource: resource, action: 'list' });
  const { pathname } = useLocation();
  if (!canSee) return null;
  const value = pathname.startsWith(second.path) ? second.path : main.path;
  return (
    <Tabs value={value} sx={{ borderBottom: 1, borderColor: 'divider', ...sx }} aria-label={translate(ariaLabel)}>
      {[main, second].map((t) => (
        <Tab key={t.path} value={t.path} label={translate(t.label)} component={Link} to={t.path} />
      ))}
    </Tabs>
  );
}
