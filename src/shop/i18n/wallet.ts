/**
 * The texts of the account's wallet, the points-to-tokens conversion and the Account page's section links, in English
 * and Chinese. They load with the pages that show them (Account, Checkout), not with the shop's first page, whose
 * JavaScript has a size budget.
 */
import { useI18n, type ShopLang } from './index';

const en = {
  sections: {
    label: 'Sections of your account',
    orders: 'Orders',
    membership: 'Membership',
    wallet: 'Wallet',
    notifications: 'Notifications',
    twoFactor: 'Security',
    kyc: 'Identity check',
  },
  wallet: {
    title: 'Wallet',
    intro:
      'Your EVM wallet on the chain: points you convert are minted to it as loyalty tokens, checkout offers it for tokenised products, and crypto payouts of referral earnings are sent to it.',
    loading: 'Loading your wallet…',
    loadFailed: 'Your wallet could not be loaded: {message}',
    address: 'Wallet address',
    help: '0x followed by 40 hex digits. Empty it and save to remove the wallet.',
    invalid: 'A wallet address is 0x followed by 40 hex digits.',
    none: 'No wallet yet: converting points needs one.',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Wallet saved.',
    removed: 'Wallet removed.',
    failed: 'The wallet could not be saved',
    fromAccount:
      'The wallet on your account (you change it on your Account page, under Wallet). Tokenised assets are minted to it.',
  },
  convert: {
    title: 'Convert points into tokens',
    intro: '{points} points make one {token} token, minted on the chain to your wallet.',
    to: 'Tokens go to {wallet}.',
    changeWallet: 'Change it under Wallet',
    noWallet: 'Add a wallet address under Wallet first: the tokens are minted to it.',
    goToWallet: 'Go to Wallet',
    amount: 'Points to convert',
    amountInvalid: 'Enter a whole number of points, a multiple of {points}.',
    submit: 'Convert',
    busy: 'Converting…',
    done: '{points} points become {tokens} {token}: the tokens are being minted to your wallet.',
    tokens: 'Your tokens',
    tokenLine: '{amount} {token}',
    noTokens: 'No tokens yet.',
    tokensUnread: 'Your token balances could not be read from the chain just now: {message}',
    conversions: 'Your conversions',
    noConversions: 'You have not converted points yet.',
    conversionsFailed: 'Your conversions could not be loaded: {message}',
    line: '{points} points → {tokens} {token}',
    mintStatuses: {
      awaiting_approval: 'Awaiting approval',
      queued: 'Queued',
      processing: 'Minting',
      succeeded: 'Minted',
      failed: 'Failed',
      rejected: 'Rejected',
    },
  },
};

const zh: typeof en = {
  sections: {
    label: '账户各部分',
    orders: '订单',
    membership: '会员',
    wallet: '钱包',
    notifications: '通知',
    twoFactor: '安全',
    kyc: '身份核验',
  },
  wallet: {
    title: '钱包',
    intro:
      '您在链上的 EVM 钱包：兑换的积分会以忠诚度代币铸造到此地址，结账时代币化商品会默认使用它，推荐收益的加密货币付款也会发送到这里。',
    loading: '正在加载您的钱包…',
    loadFailed: '无法加载您的钱包：{message}',
    address: '钱包地址',
    help: '以 0x 开头，后跟 40 位十六进制字符。清空后保存即可移除钱包。',
    invalid: '钱包地址为 0x 后跟 40 位十六进制字符。',
    none: '尚未设置钱包：兑换积分需要钱包。',
    save: '保存',
    saving: '正在保存…',
    saved: '钱包已保存。',
    removed: '钱包已移除。',
    failed: '无法保存钱包',
    fromAccount: '您账户中的钱包（可在“账户”页面的“钱包”部分修改）。代币化资产将铸造到此地址。',
  },
  convert: {
    title: '积分兑换代币',
    intro: '每 {points} 积分可兑换 1 个 {token} 代币，铸造到您在链上的钱包。',
    to: '代币将发送到 {wallet}。',
    changeWallet: '在“钱包”中修改',
    noWallet: '请先在“钱包”中添加钱包地址：代币将铸造到该地址。',
    goToWallet: '前往钱包',
    amount: '兑换积分数',
    amountInvalid: '请输入 {points} 的整数倍积分。',
    submit: '兑换',
    busy: '正在兑换…',
    done: '{points} 积分兑换为 {tokens} 个 {token}：代币正在铸造到您的钱包。',
    tokens: '您的代币',
    tokenLine: '{amount} {token}',
    noTokens: '暂无代币。',
    tokensUnread: '暂时无法从链上读取您的代币余额：{message}',
    conversions: '您的代币兑换记录',
    noConversions: '您还没有兑换过代币。',
    conversionsFailed: '无法加载您的代币兑换记录：{message}',
    line: '{points} 积分 → {tokens} 个 {token}',
    mintStatuses: {
      awaiting_approval: '待批准',
      queued: '排队中',
      processing: '铸造中',
      succeeded: '已铸造',
      failed: '失败',
      rejected: '已拒绝',
    },
  },
};

const CATALOGUES: Record<ShopLang, typeof en> = { en, zh };

/** These texts in the shop's current language. */
export function useWalletText() {
  return CATALOGUES[useI18n().lang];
}
