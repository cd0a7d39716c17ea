import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { LOYALTY_TOKEN, type Conversion, type Member, type Redemption } from '../../common/membership';
import type { MintStatus } from '../../common/mint';
import { ApiError, listOwnRedemptions, listProducts, redeemPoints } from '../api';
import { SectionLink } from '../components/AccountSection';
import { ErrorText, Loading, Tag, type TagTone } from '../components/Status';
import { messageOf, useLoad, type Loaded } from '../components/useLoad';
import { useFormat } from '../format';
import { fill, labelOf, useI18n } from '../i18n';
import { useWalletText } from '../i18n/wallet';
import { convertPointsToTokens, listOwnConversions } from '../wallet-api';

const STATUS_TONES: Record<string, TagTone> = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'error' };
const MINT_TONES: Record<MintStatus, TagTone> = {
  awaiting_approval: 'warning',
  queued: 'info',
  processing: 'info',
  succeeded: 'success',
  failed: 'error',
  rejected: 'error',
};
/** Products the redeem form offers (the shop's first page of them, as the server lists them to this member). */
const REDEEMABLE = 100;

function Summary({ member }: { member: Member }) {
  const { m } = useI18n();
  const f = useFormat();
  const t = m.membership;
  const b = member.benefits;
  const next = member.nextLevel;
  const benefits = [
    fill(t.discount, { percent: f.percent(b.discount) }),
    ...(b.freeShipping ? [t.freeShipping] : []),
    ...(b.prioritySupport ? [t.prioritySupport] : []),
    ...(b.exclusiveProducts ? [t.exclusiveProducts] : []),
  ];
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Tag tone="gold">{labelOf(t.levels, member.currentLevel)}</Tag>
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }} data-testid="shop-member-points">
          {fill(t.points, { points: f.number(member.totalPoints) })}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {benefits.join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {next
          ? fill(
              next.pointsNeeded > 0 ? (next.ordersNeeded > 0 ? t.nextLevel : t.nextLevelPoints) : t.nextLevelOrders,
              {
                points: f.number(next.pointsNeeded),
                orders: f.number(next.ordersNeeded),
                level: labelOf(t.levels, next.name),
              },
            )
          : t.topLevel}
      </Typography>
    </Box>
  );
}

function RedeemForm({ member, onRedeemed }: { member: Member; onRedeemed: () => void }) {
  const { m } = useI18n();
  const f = useFormat();
  const t = m.membership;
  const products = useLoad('redeemable', (signal) => listProducts({ limit: REDEEMABLE, offset: 0 }, signal));
  const [productId, setProductId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<{ productId?: string; quantity?: string }>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const qty = Number(quantity);
    const missing: typeof errors = {};
    if (!productId) missing.productId = t.productRequired;
    if (!Number.isInteger(qty) || qty < 1) missing.quantity = t.quantityInvalid;
    setErrors(missing);
    setError('');
    setDone('');
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const r = await redeemPoints({ productId, quantity: qty });
      setDone(fill(t.redeemed, { points: f.number(r.pointsUsed), title: r.product?.title ?? t.unknownProduct }));
      onRedeemed();
    } catch (err) {
      if (err instanceof ApiError && err.fields)
        setErrors({ productId: err.fields.productId, quantity: err.fields.quantity });
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="redeem-title"
      // The product list is still coming (its field is disabled meanwhile): assistive technologies wait for it.
      aria-busy={products.status === 'loading' || undefined}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Typography id="redeem-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t.redeemTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {fill(t.redeemIntro, { points: f.number(member.rates.redemptionPointsPerCurrencyUnit), unit: f.money(1) })}
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {done && <Alert severity="success">{done}</Alert>}
      {products.status === 'failed' && (
        <ErrorText
          message={fill(t.productsFailed, { message: messageOf(products.error) })}
          retry={products.retry}
          retryLabel={m.app.retry}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          id="redeem-product"
          label={t.product}
          value={productId}
          onChange={(e) => setProductId(e.target.value)}
          error={!!errors.productId}
          helperText={errors.productId}
          sx={{ minWidth: 280, flex: '1 1 280px' }}
          disabled={!products.data}
        >
          {(products.data?.products ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {fill(t.productOption, { title: p.title, price: f.money(p.priceFiat) })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="redeem-quantity"
          label={t.quantity}
          type="number"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={!!errors.quantity}
          helperText={errors.quantity}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
          {busy ? t.redeeming : t.redeem}
        </Button>
      </Box>
    </Box>
  );
}

function RedemptionList({ redemptions }: { redemptions: Redemption[] }) {
  const { m } = useI18n();
  const f = useFormat();
  const t = m.membership;
  if (!redemptions.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t.noRedemptions}
      </Typography>
    );
  return (
    <Box component="ul" aria-label={t.redemptions} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {redemptions.map((r) => (
        <Box component="li" key={r.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ flex: '1 1 240px' }}>
            {fill(t.redemptionLine, {
              title: r.product?.title ?? t.unknownProduct,
              qty: f.number(r.quantity),
              points: f.number(r.pointsUsed),
            })}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {f.dateTime(r.createdAt)}
          </Typography>
          <Tag tone={STATUS_TONES[r.status] ?? 'error'}>{labelOf(t.statuses, r.status)}</Tag>
        </Box>
      ))}
    </Box>
  );
}

/** Points into the loyalty token, minted to the account's wallet; without one, the way to the Wallet section. */
function ConvertForm({
  member,
  walletField,
  onConverted,
}: {
  member: Member;
  walletField: string;
  onConverted: () => void;
}) {
  const f = useFormat();
  const t = useWalletText().convert;
  const perToken = member.rates.pointsPerToken;
  const [amount, setAmount] = useState(String(perToken));
  const [fieldError, setFieldError] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const points = Number(amount);
    const valid = Number.isInteger(points) && points >= perToken && points % perToken === 0;
    setFieldError(valid ? '' : fill(t.amountInvalid, { points: f.number(perToken) }));
    setError('');
    setDone('');
    if (!valid) return;
    setBusy(true);
    try {
      const { conversion } = await convertPointsToTokens(points);
      setDone(
        fill(t.done, {
          points: f.number(conversion.fromAmount),
          tokens: conversion.toAmount,
          token: conversion.toToken,
        }),
      );
      onConverted();
    } catch (err) {
      // The wallet was removed since the page loaded: the member read again shows the way to the Wallet section.
      if (err instanceof ApiError && err.code === 'wallet_required') onConverted();
      if (err instanceof ApiError && err.fields?.amount) setFieldError(err.fields.amount);
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="convert-title"
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Typography id="convert-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {fill(t.intro, { points: f.number(perToken), token: LOYALTY_TOKEN })}
      </Typography>
      {!member.walletAddress ? (
        <Alert severity="info" role="note" data-testid="convert-no-wallet">
          {t.noWallet} <SectionLink to={walletField}>{t.goToWallet}</SectionLink>
        </Alert>
      ) : (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {fill(t.to, { wallet: member.walletAddress ?? '' })}{' '}
          <SectionLink to={walletField}>{t.changeWallet}</SectionLink>
        </Typography>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {done && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          id="convert-amount"
          label={t.amount}
          type="number"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={!!fieldError}
          helperText={fieldError}
          sx={{ width: 200 }}
          slotProps={{ htmlInput: { min: perToken, step: perToken } }}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
          {busy ? t.busy : t.submit}
        </Button>
      </Box>
    </Box>
  );
}

/** The member's loyalty tokens as read from the chain, and their conversions with each mint's state. */
function Tokens({
  member,
  conversions,
}: {
  member: Member;
  conversions: Loaded<Conversion[]> & { retry: () => void };
}) {
  const { m } = useI18n();
  const f = useFormat();
  const t = useWalletText().convert;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {t.tokens}
        </Typography>
        {member.tokenBalancesError ? (
          <Typography variant="body2" color="text.secondary">
            {fill(t.tokensUnread, { message: member.tokenBalancesError })}
          </Typography>
        ) : member.tokenBalances.length ? (
          <Box
            component="ul"
            aria-label={t.tokens}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            {member.tokenBalances.map((b) => (
              <Box
                component="li"
                key={b.tokenId}
                data-testid={`shop-token-${b.token}`}
                sx={{ px: 1.5, py: 0.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
              >
                {fill(t.tokenLine, { amount: f.number(Number(b.amount)), token: b.token })}
              </Box>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t.noTokens}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {t.conversions}
        </Typography>
        {conversions.status === 'failed' ? (
          <ErrorText
            message={fill(t.conversionsFailed, { message: messageOf(conversions.error) })}
            retry={conversions.retry}
            retryLabel={m.app.retry}
          />
        ) : (
          conversions.data &&
          (conversions.data.length ? (
            <Box
              component="ul"
              aria-label={t.conversions}
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
            >
              {conversions.data.map((c) => (
                <Box
                  component="li"
                  key={c.id}
                  sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Typography variant="body2" sx={{ flex: '1 1 240px' }}>
                    {fill(t.line, { points: f.number(c.fromAmount), tokens: c.toAmount, token: c.toToken })}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {f.dateTime(c.createdAt)}
                  </Typography>
                  <Tag tone={MINT_TONES[c.status] ?? 'neutral'}>{labelOf(t.mintStatuses, c.status)}</Tag>
                </Box>
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t.noConversions}
            </Typography>
          ))
        )}
      </Box>
    </Box>
  );
}

/**
 * The shopper's membership on the Account page: level, points, benefits, redeeming points on a product, converting them
 * into tokens. `member` is loaded by the page (the Wallet section shares it); `onChanged` loads it again.
 */
export default function Membership({
  member,
  version,
  walletField,
  onChanged,
}: {
  member: Loaded<Member> & { retry: () => void };
  version: number;
  walletField: string;
  onChanged: () => void;
}) {
  const { m } = useI18n();
  const t = m.membership;
  const redemptions = useLoad(`redemptions:${version}`, (signal) => listOwnRedemptions(signal));
  const conversions = useLoad(`conversions:${version}`, (signal) => listOwnConversions(signal));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="membership-title"
      sx={{ p: { xs: 2, sm: 3 }, mb: 4, display: 'grid', gap: 2 }}
    >
      <Typography id="membership-title" variant="h2">
        {t.title}
      </Typography>
      {member.status === 'loading' && !member.data && <Loading label={t.loading} />}
      {member.status === 'failed' && (
        <ErrorText
          message={fill(t.loadFailed, { message: messageOf(member.error) })}
          retry={member.retry}
          retryLabel={m.app.retry}
        />
      )}
      {member.data && (
        <>
          <Summary member={member.data} />
          <RedeemForm member={member.data} onRedeemed={onChanged} />
          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t.redemptions}
            </Typography>
            {redemptions.status === 'failed' ? (
              <ErrorText
                message={fill(t.loadFailed, { message: messageOf(redemptions.error) })}
                retry={redemptions.retry}
                retryLabel={m.app.retry}
              />
            ) : (
              redemptions.data && <RedemptionList redemptions={redemptions.data} />
            )}
          </Box>
          <ConvertForm member={member.data} walletField={walletField} onConverted={onChanged} />
          <Tokens member={member.data} conversions={conversions} />
        </>
      )}
    </Paper>
  );
}
