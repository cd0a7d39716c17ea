import type { ComponentType } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import InventoryIcon from '@mui/icons-material/Inventory2';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import PaymentIcon from '@mui/icons-material/Payment';
import PayoutIcon from '@mui/icons-material/AccountBalanceWallet';
import ShareIcon from '@mui/icons-material/Share';
import HandshakeIcon from '@mui/icons-material/Handshake';
import CouponIcon from '@mui/icons-material/LocalOffer';
import TokenIcon from '@mui/icons-material/Token';
import PeopleIcon from '@mui/icons-material/People';
import MembershipIcon from '@mui/icons-material/CardMembership';
import DnsIcon from '@mui/icons-material/Dns';
import CodeIcon from '@mui/icons-material/Code';
import SettingsIcon from '@mui/icons-material/Settings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import LinkIcon from '@mui/icons-material/Link';
import WebhookIcon from '@mui/icons-material/Webhook';
import MonitorIcon from '@mui/icons-material/MonitorHeart';
import { MENU, type MenuIcon } from '../../common/resources';

export interface NavItem {
  /** route path, also the resource name given to canAccess */
  path: string;
  /** label key under app.menu.* */
  key: string;
  icon: ComponentType;
}

/** The component of each icon name the registry's menu entries use (src/common/resources.ts). */
const ICONS: Record<MenuIcon, ComponentType> = {
  Dashboard: DashboardIcon,
  Inventory: InventoryIcon,
  Receipt: ReceiptIcon,
  Payment: PaymentIcon,
  Payout: PayoutIcon,
  Share: ShareIcon,
  Handshake: HandshakeIcon,
  Coupon: CouponIcon,
  Token: TokenIcon,
  People: PeopleIcon,
  Membership: MembershipIcon,
  Dns: DnsIcon,
  Code: CodeIcon,
  Settings: SettingsIcon,
  Assessment: AssessmentIcon,
  Link: LinkIcon,
  Webhook: WebhookIcon,
  Monitor: MonitorIcon,
};

const items = MENU.map((m) => ({
  path: `/${m.resource}`,
  key: m.label,
  icon: ICONS[m.icon as MenuIcon],
  shoppersOnly: m.shoppersOnly,
}));

/** The side navigation, in the menu's order (PRODUCT.md, Screens): the registry's menu entries. */
export const NAV_ITEMS: readonly NavItem[] = items.filter((n) => !n.shoppersOnly);

/** The shopper's own referral page: routed for everyone, listed in the menu only for non-staff roles. */
export const REFERRAL_DASHBOARD: NavItem = items.find((n) => n.shoppersOnly)!;

export const resourceOf = (nav: NavItem) => nav.path.slice(1);

/** The nav item whose path is the current path or a prefix of it. */
export function navItemFor(pathname: string): NavItem | undefined {
  return [...NAV_ITEMS, REFERRAL_DASHBOARD].find((n) => pathname === n.path || pathname.startsWith(`${n.path}/`));
}

/** Pages reached from a screen rather than the menu, with their own top-bar title: [path prefix, catalogue key]. */
const PAGE_TITLES: readonly (readonly [string, string])[] = [
  ['/tx/', 'resources.mint-queue.tx.title'],
  ['/notifications', 'app.notifications.title'],
  ['/kyc', 'resources.kyc.title'],
  ['/redemptions', 'app.menu.membership'],
];

/** The top-bar title's catalogue key: the matching nav item's label, a page's own title, else "Dashboard". */
export function titleKeyFor(pathname: string): string {
  const page = PAGE_TITLES.find(([prefix]) => pathname.startsWith(prefix));
  if (page) return page[1];
  return `app.menu.${navItemFor(pathname)?.key ?? 'dashboard'}`;
}
