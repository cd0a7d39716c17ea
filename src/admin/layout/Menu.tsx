import { Menu as RaMenu, usePermissions, useTranslate } from 'react-admin';
import { can } from '../../common/capabilities';
import { roleCanAccess } from '../../common/resources';
import { NAV_ITEMS, REFERRAL_DASHBOARD, resourceOf, type NavItem } from './nav';

/** The 18 menu items (PRODUCT.md, Screens), minus those the logged-in role may not open. */
export function Menu() {
  const translate = useTranslate();
  const { permissions: role, isPending } = usePermissions<string | undefined>();
  if (isPending) return <RaMenu />;
  const items: NavItem[] = NAV_ITEMS.filter((n) => roleCanAccess(role, resourceOf(n), 'list'));
  if (role && !can(role, 'backoffice.read')) items.push(REFERRAL_DASHBOARD);
  return (
    <RaMenu>
      {items.map(({ path, key, icon: Icon }) => (
        <RaMenu.Item key={path} to={path} primaryText={translate(`app.menu.${key}`)} leftIcon={<Icon />} />
      ))}
    </RaMenu>
  );
}
