/**
 * The server's sentences, by message code: the English template of every error the API answers. The server builds
 * each error's `error` from here (`server/lib/errors.ts`), so the English it sends and the catalogue cannot drift;
 * the browser apps translate `messageCode` + `params` through their catalogues (`errors.<code>`, the Chinese in
 * `errors-catalogue.zh.ts`) and fall back to `error` for a code they do not know. Placeholders are `%{name}`.
 */
import { MESSAGES } from './messages.js';

export const ERROR_MESSAGES = {
  // The transport's own sentences (messages.ts) and the framework's refusals (plugins/errors.ts).
  unauthorized: MESSAGES.unauthorized,
  no_token: MESSAGES.noToken,
  rate_limited: MESSAGES.tooMany,
  api_not_found: MESSAGES.notFound,
  request_failed: MESSAGES.generic,
  network: MESSAGES.unreachable,
  network_retrying: MESSAGES.unreachableRetrying,
  // Added by the browser apps to a server failure's sentence: the request's id, for a report to quote (issue 40).
  error_reference: 'Reference: %{id}',
  bad_url: 'The address is not valid.',
  bad_url_undecodable: 'The address is not valid: it has an undecodable character.',
  invalid_json: 'The request body is not valid JSON.',
  unsupported_media_type: 'Send the request body as JSON.',
  body_too_large: 'The request body is too large.',
  internal: 'Something went wrong on the server. Please try again.',
  json_too_deep: 'The request body is nested too deeply: at most %{max} levels.',
  // 503: the server cannot serve for a moment (plugins/errors.ts, plugins/lifecycle.ts); Retry-After says when to try again.
  service_unavailable: 'The service is briefly unavailable. Try again in a few seconds.',
  server_stopping: 'The server is stopping. Send the request again.',
  // GET /api/ready (modules/health): why this process should get no traffic now.
  not_ready_starting: 'The server is starting.',
  not_ready_draining: 'The server is stopping and takes no new requests.',
  not_ready_database: 'The database does not answer.',
  not_ready_migrations: 'The database is not up to date: %{pending} migrations have not been applied.',
  not_ready_chain: 'The chain does not answer.',
  no_endpoint: 'No API endpoint %{method} %{path}.',
  not_found: 'Not found.',
  forbidden: 'You do not have permission to do this.',
  // A request's fields, as the schemas check them (plugins/errors.ts reads the kind from the zod issue).
  field_required: 'Invalid %{where} "%{field}": it is required.',
  field_too_short: 'Invalid %{where} "%{field}": it must be at least %{min} characters.',
  field_too_long: 'Invalid %{where} "%{field}": it can be at most %{max} characters.',
  field_too_small: 'Invalid %{where} "%{field}": it must be at least %{min}.',
  field_too_large: 'Invalid %{where} "%{field}": it can be at most %{max}.',
  field_too_few: 'Invalid %{where} "%{field}": it needs at least %{min} items.',
  field_too_many: 'Invalid %{where} "%{field}": it can have at most %{max} items.',
  field_not_integer: 'Invalid %{where} "%{field}": it must be a whole number.',
  field_not_one_of: 'Invalid %{where} "%{field}": it must be one of %{options}.',
  field_invalid_email: 'Invalid %{where} "%{field}": it must be a valid email address.',
  field_wrong_type: 'Invalid %{where} "%{field}": it has the wrong type.',
  field_unknown: 'Invalid %{where} "%{field}": unknown fields %{keys}.',
  field_invalid: 'Invalid %{where} "%{field}": the value is not valid.',
  field_malformed_date:
    'Invalid %{where} "%{field}": the date is malformed; write it as YYYY-MM-DD or an ISO 8601 date and time.',
  invalid_request: 'Invalid request.',
  commission_not_found: 'Commission not found.',
  agent_level_not_found: 'Agent level not found.',
  user_not_found: 'User not found.',
  referral_code: 'Could not give you a referral code just now. Try again.',
  referral_code_not_found: 'Referral code not found.',
  email_taken: 'A user with email "%{value}" already exists.',
  email_used_by_other: 'This email is already used by another user.',
  challenge_invalid: 'This sign-in step has expired or was already used. Please log in again with your password.',
  invalid_code: 'The authentication code is not correct.',
  account_inactive: 'This account is not active. Please log in again.',
  session_expired: 'Your session has expired. Please log in again.',
  events_ticket_missing: 'Ask for a ticket first (POST /api/events/ticket) and open the stream with it.',
  events_ticket_invalid: 'This events ticket has expired or was already used. Ask for a new one.',
  events_token_in_url:
    'Never put the bearer token in the address: open the stream with a ticket from POST /api/events/ticket.',
  two_factor_enabled: 'Two-factor authentication is already on. Turn it off first to set up another device.',
  totp_code_wrong: 'The code is not correct. Enter the current 6-digit code from your authenticator app.',
  code_not_correct: 'The code is not correct.',
  two_factor_already_on: 'Two-factor authentication is already on.',
  two_factor_not_started: 'Start the set-up first: ask for a QR code, then enter the code it shows.',
  two_factor_disabled: 'Two-factor authentication is not on.',
  two_factor_enrol_first:
    'Set up two-factor authentication for your own account before requiring it for all users, or you would be locked out.',
  user_no_two_factor: 'This user has no two-factor authentication to reset.',
  invalid_password: 'The current password is not correct.',
  new_password_same: 'The new password must differ from the current one.',
  coupon_used_up: 'Coupon "%{code}" has been used up.',
  coupon_already_held:
    'You already have an unpaid order with coupon "%{code}". Pay that order, or try again in a few minutes.',
  wallet_required: '"%{tokenisedTitle}" is tokenised: a wallet address is required.',
  wallet_required_field: 'A wallet address is required for tokenised products.',
  wallet_invalid:
    'The wallet address is not a valid EVM address (0x and 40 hex digits, with a correct checksum if mixed-case).',
  wallet_invalid_field: 'Not a valid EVM address.',
  order_not_found: 'Order not found.',
  unknown_customer: 'No customer has the email %{email}.',
  unknown_customer_field: 'No customer has this email.',
  customer_inactive: 'The customer account %{email} is %{status}.',
  customer_inactive_field: 'This account is %{status}.',
  unknown_product: 'The product does not exist.',
  unknown_product_field: 'Unknown product.',
  product_inactive: '"%{title}" is not for sale (status %{status}).',
  product_inactive_field: 'This product is not active.',
  amount_too_large: 'The order total is too large: order fewer units.',
  order_total_too_large_field: 'The total of this order is too large.',
  payment_not_pending: 'The payment is not pending for this order.',
  notification_not_found: 'Notification not found.',
  email_not_found: 'Email not found.',
  no_active_user: 'There is no active user: nobody would receive this.',
  no_active_user_field: 'There is no active user.',
  no_active_role: 'No active user has the role %{role}: nobody would receive this.',
  no_active_role_field: 'No active user has the role %{role}.',
  bulk_notification_not_found: 'Bulk notification not found.',
  total_too_large_field: 'The total is too large.',
  checkout_secret_required: 'Log in, or send the checkout’s secret in the x-checkout-secret header.',
  kyc_session_not_found: 'KYC session not found.',
  kyc_no_document: 'No document was sent. %{howToSend}',
  kyc_choose_document: 'Choose a photo or scan of your document.',
  kyc_wrong_file_field: 'The file must be sent in the "%{field}" field.',
  file_name_has_path:
    'The file name cannot contain a path (such as ../ or a folder): send the file under its own name.',
  file_name_has_path_field: 'The file name cannot contain a path.',
  file_name_too_long: 'The file name can be at most 200 characters.',
  file_name_too_long_field: 'The file name is too long.',
  kyc_document_empty: 'The document file is empty.',
  file_empty_field: 'The file is empty.',
  kyc_document_type_field: 'Not a JPEG, PNG, WebP or PDF file.',
  file_unreadable_field: 'The file could not be read.',
  kyc_document_missing: 'The document file is missing from storage.',
  image_no_file: 'No file was sent. %{howToSend}',
  image_choose_file: 'Choose an image file.',
  sku_taken: 'A product with SKU "%{value}" already exists.',
  sku_used_by_other: 'This SKU is already used by another product.',
  product_other_chain: 'Tokens are minted on chain %{chainId}: a product cannot name chain %{given}.',
  product_other_contract: 'Tokens are minted by the contract %{contract}: a product cannot name another contract.',
  product_not_found: 'Product not found.',
  record_changed:
    'Someone else changed this record after you opened it: reload it to see their changes, then make yours again.',
  image_type: 'The image must be a JPEG, PNG or WebP file.',
  image_type_field: 'Not a JPEG, PNG or WebP file.',
  image_damaged: 'The image could not be read: the file is damaged or incomplete.',
  account_email_taken: 'An account with this email already exists. Log in instead.',
  code_taken: 'A coupon with code "%{value}" already exists.',
  coupon_code_used_by_other: 'This code is already used by another coupon.',
  coupon_not_found: 'Coupon not found.',
  provider_not_configured: '%{provider} is not configured.',
  provider_not_configured_field: 'This provider is not configured.',
  stripe_amount: 'Stripe takes %{currency} in whole units only.',
  provider_unavailable: 'Stripe could not be reached to %{what}. Try again in a moment.',
  provider_refused: 'Stripe refused to %{what}: %{message}',
  stripe_url: 'Stripe needs an absolute %{what}: set the site URL in Settings.',
  stripe_no_url: 'Stripe did not answer a payment page for this checkout.',
  confirmed_by_webhook: 'Stripe payments are confirmed by Stripe, not by this page.',
  stripe_no_intent: 'This Stripe payment has no payment intent to refund.',
  chain_unreachable_for: 'The chain could not be reached to %{what}. Try again in a moment.',
  confirmed_on_chain: 'Crypto payments are confirmed on the chain, not by this page.',
  crypto_no_deposit: 'This crypto payment has no deposit address to refund from.',
  crypto_no_payer: 'No paying address is known for this payment, so there is nowhere to send a refund.',
  crypto_balance_short: 'The deposit address holds %{held}, less than this refund needs (%{needed}).',
  card_number_invalid: 'Your card number is invalid.',
  card_expired: 'Your card has expired.',
  payment_not_found: 'Payment not found.',
  refund_exceeds_remaining: 'Another refund of this payment has just taken what was left of it.',
  stripe_not_configured: 'Stripe is not configured.',
  bad_signature: 'The webhook signature is not valid.',
  bad_signature_field: 'The signature does not match this body and the webhook secret.',
  payout_not_found: 'Payout not found.',
  recipient_not_found: 'Recipient not found.',
  no_wallet: '%{email} has no wallet address for a crypto payout.',
  no_wallet_field: 'The recipient has no wallet address.',
  commission_not_available: 'Commission %{id} is not an approved commission of %{email} that no payout holds.',
  rate_changed:
    'At the payout token rate now, this payout sends %{amount}, not the %{shown} shown: check the amount and confirm again.',
  nothing_to_send: 'At the payout token rate, this payout is worth less than one wei: nothing to send.',
  chain_unreachable:
    'The chain could not be reached (%{why}). The signed transfer is kept: press Pay on chain again to send the same transfer.',
  affiliate_not_found: 'Affiliate not found.',
  dns_record_missing_for_update: 'There is no %{type} record for %{domain} to update.',
  dns_record_ambiguous:
    '%{domain} has %{length} %{type} records: update the one you mean from its card, or give its id.',
  dns_record_missing_for_delete: 'There is no %{type} record %{domain} → %{wanted} to delete.',
  dns_record_not_found: 'DNS record not found.',
  dns_record_exists: 'A %{type} record %{domain} → %{value} already exists.',
  dns_record_exists_field: 'This record already exists.',
  mint_job_not_found: 'Mint job not found.',
  transaction_not_found: 'Transaction not found.',
  chain_unavailable: 'The chain is not connected in this server, so the transaction cannot be looked up.',
  totp_key_missing: 'Two-factor secrets are encrypted, but TOTP_ENCRYPTION_KEY is not set on this server.',
  totp_key_mismatch: "A two-factor secret cannot be read with this server's TOTP_ENCRYPTION_KEY.",
  upload_one_file: 'Send one file only. %{howToSend}',
  upload_one_file_field: 'One file only.',
  upload_unreadable: 'The upload could not be read. %{howToSend}',
  upload_unreadable_field: 'The upload could not be read.',
  upload_unsafe_name: 'A field or file name cannot contain a NUL character or an unpaired surrogate.',
  idempotency_key_invalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  idempotency_key_invalid_field: 'Not a valid key.',
  idempotency_retry: 'A request with this Idempotency-Key has just ended; send it again.',
  idempotency_mismatch:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  idempotency_in_progress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  idempotency_key_required:
    'This request needs an Idempotency-Key header: a unique value per attempt, sent again with a retry.',
  guest_id_required:
    'A request with an Idempotency-Key and no login needs an X-Guest-Id header: a random value of 8 to 128 visible characters this browser keeps.',
  required: 'Required.',
  // What the modules' rules (policy.ts) refuse.
  account_locked:
    'Too many failed attempts from this address. It is locked out of this account for %{minutes} more minute%{plural}.',
  account_suspended: 'This account is suspended. Please contact an administrator.',
  account_inactive_contact: 'This account is inactive. Please contact an administrator.',
  reset_own_password: 'You cannot reset your own password here: use Change password in your user menu.',
  reset_own_two_factor:
    'You cannot reset your own two-factor authentication here: turn it off from your user menu with a current code.',
  commission_not_pending: 'A %{status} commission cannot be %{to}: only a pending one can.',
  commission_on_hold:
    'This commission is on hold until %{date} (%{holdDays} days after payment), so that refunds come first.',
  coupon_discount_positive: 'Discount value must be more than 0.',
  coupon_percentage_max: 'A percentage discount can be at most 100.',
  coupon_end_before_start: 'End date must be after the start date.',
  coupon_per_customer_over_limit: 'Per-customer limit cannot be more than the usage limit.',
  coupon_limit_below_used: 'Usage limit cannot be below the %{usedCount} times this coupon was already used.',
  coupon_used:
    'Coupon "%{code}" has been used %{usedCount} time%{plural} and cannot be deleted. Set its end date to retire it instead.',
  coupon_held: 'Coupon "%{code}" is held by %{reservedCount} unpaid order%{plural} and cannot be deleted yet.',
  coupon_already_expired: 'Coupon "%{code}" has already expired.',
  birth_in_future: 'Date of birth cannot be in the future.',
  birth_before_1900: 'Date of birth cannot be before 1900.',
  kyc_too_young: 'You must be at least %{age} years old to verify your identity.',
  kyc_pending: 'You already have a KYC session waiting for review: wait for its decision before sending another.',
  kyc_verified: 'Your identity is already verified.',
  kyc_decided: 'This KYC session was already %{status}: a decided session cannot be decided again.',
  kyc_own_session: 'You cannot review your own KYC session: ask another reviewer.',
  kyc_sign_in_required:
    'Token purchases above %{limitText} need a verified identity: sign in and verify your identity (KYC) on your account page first.',
  kyc_required:
    'Token purchases above %{limitText} need a verified identity: verify your identity (KYC) on your account page first.',
  mint_retry_not_failed: 'Only a failed job can be retried; this one is %{status}.',
  mint_order_refunded: 'This job’s order was refunded, so its token is not minted.',
  channels_off: 'In-app and email notifications are turned off in Settings: turn them on first.',
  in_app_off: 'In-app notifications are turned off in Settings: turn them on or send by email only.',
  email_off: 'Email notifications are turned off in Settings: turn them on or send in-app only.',
  illegal_transition: 'An order that is %{from} cannot become %{to}.',
  order_fulfilled_by_mints: 'This order carries tokens: it is fulfilled when its mints succeed.',
  payment_completed: 'This payment has already been completed.',
  payment_completed_refunded: 'This payment has already been completed and refunded.',
  payment_failed: 'This payment has failed. Start a new checkout to try again.',
  payment_not_confirmable: 'This payment is %{status} and cannot be confirmed.',
  checkout_expired: 'This checkout has expired and its items went back on sale. Start a new checkout.',
  payment_refunded: 'This payment has already been refunded in full.',
  payment_not_refundable: 'This payment is %{status}: only a completed payment can be refunded.',
  refund_over_amount: 'Amount can be at most %{amount} %{currency}, the amount of the payment.',
  refund_exceeds_remaining_field:
    'Amount can be at most %{amount} %{currency}, what is left of this payment after its refunds.',
  order_not_pending: 'This order is %{status}: only a pending order can be paid.',
  currency_mismatch: 'Currency must be %{currency}, the order’s currency.',
  amount_mismatch: 'Amount must be %{amount} %{currency}, what the order still owes.',
  customer_mismatch: 'Customer ID must be the order’s customer.',
  payment_pending_elsewhere:
    'This order already has a pending %{name} payment: it must complete or fail before another provider is used.',
  payout_not_pending: 'A %{from} payout cannot become %{to}: only a pending one can.',
  proof_required: 'A completed payout needs the bank reference or the transaction hash of the transfer.',
  nothing_to_pay: 'There is nothing to pay: no approved commissions beyond the open clawbacks.',
  below_minimum_payout: 'Your available earnings of %{available} are below the minimum payout of %{minimum}.',
  payout_not_payable_on_chain: 'A %{status} payout cannot be paid on chain: only a pending one can.',
  transfer_in_progress: 'This payout is being paid on chain right now: wait for that transfer.',
  payouts_chain_unavailable:
    'On-chain payouts are not configured on this server: set PAYOUT_PRIVATE_KEY for the platform wallet (with RPC_URL).',
  no_payout_wallet:
    '%{recipient} has no payout wallet: ask them to add one, or pay by bank and mark the payout completed.',
  no_token_rate: 'Set the payout token rate in Settings (tokens for 1.00) before paying on chain.',
  transfer_in_flight:
    "This payout's on-chain transfer %{txHash} may still be mined: press Pay on chain again to finish it before settling the payout by hand.",
  product_in_use: '"%{title}" is part of existing orders and cannot be deleted. Set its status to inactive instead.',
  suspend_self: 'You cannot suspend your own account.',
  deactivate_self: 'You cannot deactivate your own account.',
  last_admin_change: 'This is the last active admin: make another user an active admin first.',
  delete_self: 'You cannot delete your own account.',
  last_admin_delete: 'This is the last active admin and cannot be deleted.',
  payment_rate_limited: 'Too many payment requests: wait a minute, then try again.',
  kyc_how_to_send: 'Send the form as multipart/form-data with the document in the "%{field}" field.',
  kyc_too_large: 'The document can be at most %{mb} MB.',
  image_how_to_send: 'Send the image as multipart/form-data with one file field.',
  image_too_large: 'The image can be at most 5 MB.',
  kyc_document_type: 'The document must be a JPEG, PNG or WebP image or a PDF file.',
  kyc_pdf_damaged: 'The document could not be read: the PDF is damaged or incomplete.',
  kyc_image_damaged: 'The document could not be read: the image is damaged or incomplete.',
  invalid_credentials: 'Invalid email or password.',
  product_missing: 'This product does not exist.',
  out_of_stock: '"%{title}" is out of stock.',
  insufficient_stock: 'Only %{stock} of "%{title}" left in stock.',
  coupon_invalid: 'Coupon code "%{code}" is not valid.',
  coupon_not_started: 'Coupon "%{code}" can be used from %{date}.',
  coupon_expired: 'Coupon "%{code}" expired on %{date}.',
  coupon_per_customer_used: 'You have already used coupon "%{code}" as often as it allows.',
  coupon_applies: 'Coupon "%{code}" takes %{off} off.',
  coupon_minimum_subtotal: 'Coupon "%{code}" needs a subtotal of at least %{currency} %{amount}.',
  self_referral: 'You cannot use your own referral code.',
  already_referred: 'You were already referred by someone: a referral is kept from the first one.',
  referral_loop: 'You cannot be referred by someone you referred yourself, directly or through others.',
  no_user_with_id: 'No user has the id %{id}.',
  no_user_with_email: 'No user has the email %{email}.',
  no_crypto_price: '"%{title}" has no crypto price: pay for it another way.',
  crypto_no_lines: 'This order has no lines to pay for.',
  refund_below_fee:
    'This refund (%{amount}) is not more than the network fee of sending it (%{fee}): refund a larger amount.',
  // DNS records (domain/policy.ts).
  dns_name_required: '%{label} is required.',
  dns_name_too_long: '%{label} can be at most %{max} characters.',
  dns_name_empty_label: '%{label} cannot have an empty label (two dots in a row, or a leading dot).',
  dns_label_too_long: '%{label} has a label longer than %{max} characters ("%{start}…").',
  dns_label_characters:
    '%{label} must be a host name: labels of letters, digits%{underscores} and hyphens, not starting or ending with a hyphen ("%{part}" is not).',
  dns_name_not_qualified: '%{label} must be a fully qualified host name such as mail.example.com.',
  dns_name_is_ip: '%{label} must be a host name, not an IP address.',
  dns_value_required: 'Value is required.',
  dns_a_value: 'Value of an A record must be an IPv4 address such as 192.0.2.10.',
  dns_aaaa_value: 'Value of an AAAA record must be an IPv6 address such as 2001:db8::10.',
  dns_mx_value: 'Value of an MX record must be "priority host", such as "10 mail.example.com".',
  dns_mx_priority: 'MX priority must be a whole number from 0 to 65535.',
  dns_txt_control: 'Value of a TXT record cannot contain control characters such as line breaks or tabs.',
  dns_txt_too_long: 'Value of a TXT record can be at most %{max} characters.',
  dns_outside_zone: 'Domain must be within the managed zone %{zone} (e.g. www.%{zone}).',
  dns_outside_zones: 'Domain must be within one of the managed zones: %{zones}.',
  dns_cname_at_apex: "A CNAME cannot be at the zone's apex (%{zone}), which holds the zone's SOA and NS records.",
  dns_cname_self: 'A CNAME cannot point to its own name.',
  dns_cname_conflict:
    '%{domain} already has %{types} record%{plural}: a CNAME cannot share its name with another record.',
  dns_cname_beside_cname: '%{domain} has a CNAME record: a CNAME cannot share its name with another record.',
  card_declined: 'Your card was declined. Try another card.',
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
  card_attempts_exhausted:
    'Too many cards were refused (%{count}): this checkout is closed and its order cancelled. Start a new checkout.',
  transfer_reverted:
    'The transfer %{txHash} reverted in block %{block}: nothing was paid, and the payout can be paid again.',
  transfer_lost: '%{reason} The payout can be paid again.',
  wallet_short:
    'The platform wallet %{address} holds %{balance}, less than the %{needed} this transfer and its gas need.',
  transfer_not_accepted:
    'The chain refuses a transfer to %{to} (the address may be a contract that does not accept payments).',
  link_invalid:
    'This set-password link is not valid: check that the whole link was copied, or ask an administrator for a new one.',
  link_used:
    'This set-password link was already used: log in with the password you set, or ask an administrator for a new link.',
  link_replaced:
    'This set-password link no longer works: a newer link was sent or the password was changed since. Use the latest link, or ask an administrator for a new one.',
  link_expired: 'This set-password link has expired: ask an administrator for a new one.',
  signup_link_invalid: 'This confirmation link is not valid: check that the whole link was copied, or sign up again.',
  signup_link_used: 'This confirmation link was already used: log in with the password you chose.',
  signup_link_expired: 'This confirmation link has expired: sign up again.',
  password_change_required: 'Change your password before doing anything else: an administrator reset it.',
  two_factor_enrolment_required:
    'Set up two-factor authentication before doing anything else: it is required for every account.',
  stripe_checkout_expired: 'The Stripe checkout expired before it was paid.',
  stripe_payment_failed: 'The payment failed at Stripe.',
  stripe_card_refused: '%{reason}',
  // Membership and redemptions.
  points_remove_short: '%{email} has %{balance} points: %{amount} cannot be removed.',
  level_not_found: 'Level %{name} not found.',
  level_first_zero: '%{name} is where every member starts: its minimum points and orders must be 0.',
  level_points_not_rising: '%{name} must need more points than %{below} (%{points}).',
  level_orders_falling: '%{name} cannot need fewer orders than %{below} (%{orders}).',
  points_balance_short: 'The balance is %{balance} points: %{amount} cannot be taken.',
  not_own_membership: 'You may only see your own membership.',
  member_id_not_found: 'No member has this id.',
  member_email_not_found: 'No member has the email %{email}.',
  conversion_wallet_required:
    'Add a wallet address on your Account page, under Wallet, before converting points: the tokens are minted to it.',
  conversion_wallet_required_field: 'No wallet address on the account.',
  conversion_not_multiple:
    'Amount must be a multiple of %{perToken} points: each loyalty token costs %{perToken} points.',
  conversion_points_short: 'You have %{balance} points: converting %{amount} needs more.',
  conversion_points_short_field: 'More points than the balance.',
  member_level_required: '"%{title}" is for %{level} members and above; %{email} is not one.',
  member_level_required_field: 'This product is for members of a higher level.',
  redemption_not_found: 'Redemption not found.',
  redemption_points_short: 'You have %{balance} points: %{quantity} × "%{title}" needs %{cost}.',
  redemption_product_gone: 'The product of this redemption no longer exists: reject it to return the points.',
  redemption_wallet_required:
    '"%{title}" is a token and %{email} has no wallet address to receive it: ask them to add one, or reject.',
  redemption_not_pending: 'This redemption is already %{status}: only a PENDING one can be approved or rejected.',
  // Nobody decides where they are the beneficiary; money leaving needs a second person.
  own_commission_approve: 'You cannot approve your own commission.',
  own_commission_reject: 'You cannot reject your own commission.',
  own_payout_create: 'You cannot create a payout to yourself: ask another member of staff.',
  own_payout_approve: 'You cannot approve a payout to yourself.',
  own_payout_settle: 'You cannot settle a payout to yourself: ask another member of staff.',
  own_payout_pay: 'You cannot pay a payout to yourself on chain.',
  payout_approve_own_creation: 'You created this payout: another member of staff must approve it.',
  payout_approve_not_pending: 'A %{status} payout cannot be approved: only a pending one can.',
  payout_already_approved: 'This payout was already approved by %{approver}.',
  payout_approval_required:
    'This payout of %{amount} is above %{limit}: another member of staff must approve it before it is completed or paid on chain.',
  own_points: 'You cannot add or remove your own points.',
  own_redemption: 'You cannot decide your own redemption: ask another member of staff.',
  own_role: 'You cannot change your own role.',
  refund_reference_required:
    'Reference is required: the bank transfer’s or the provider’s reference of the money sent back.',
  refund_amount_positive: 'Amount must be more than 0.',
  points_refund_whole: 'A payment made with points is refunded whole: the amount must be %{amount} %{currency}.',
  own_refund: 'You cannot refund your own payment: ask another member of staff.',
  debug_mint_dev_only:
    'The debug mint runs only on the embedded dev chain: on this chain, use Mint Token on the Mint Queue, which records the reason and a second approver.',
  own_mock_order: 'You cannot make a test-paid order for yourself: ask another member of staff.',
  mint_approve_own: 'You asked for this mint: another member of staff must approve it.',
  mint_approve_own_wallet: 'This mint goes to the wallet on your account: another member of staff must approve it.',
  mint_not_awaiting_approval: 'This mint job is %{status}: only one awaiting approval can be approved.',
  mint_reject_own: 'You asked for this mint: another member of staff must decide it.',
  mint_not_awaiting_rejection: 'This mint job is %{status}: only one awaiting approval can be rejected.',
  webhook_url_invalid: 'The URL is not a valid address.',
  webhook_url_https: 'The URL must start with https://.',
  webhook_url_http: 'The URL must start with https:// or http://.',
  webhook_url_credentials: 'The URL may not carry a user name or password.',
  webhook_url_private:
    'The URL points to a private, loopback, link-local or metadata address (%{host}): webhooks go to public addresses only.',
  webhook_url_unresolved: 'The URL’s host %{host} could not be found.',
  webhook_not_found: 'Webhook endpoint not found.',
  webhook_delivery_not_found: 'Delivery not found.',
  // Token metadata and product documents (modules/tokens).
  token_not_found: 'No tokenised product has token id %{id}.',
  document_not_found: 'Document not found.',
  document_product_not_tokenised:
    'Documents are attached to tokenised products only: give "%{title}" a token id first.',
  document_already_replaced: 'This document was already replaced: replace its newest version instead.',
  document_how_to_send: 'Send the form as multipart/form-data with the file in the "%{field}" field.',
  document_too_large: 'The document can be at most %{mb} MB.',
  document_no_file: 'No document was sent. %{howToSend}',
  document_choose_file: 'Choose a PDF or an image of the document.',
  document_wrong_field: 'The file must be sent in the "%{field}" field.',
  document_empty: 'The document file is empty.',
  document_type: 'The document must be a PDF file or a JPEG, PNG or WebP image.',
  document_type_field: 'Not a PDF, JPEG, PNG or WebP file.',
  document_pdf_damaged: 'The document could not be read: the PDF is damaged or incomplete.',
  document_image_damaged: 'The document could not be read: the image is damaged or incomplete.',
  // Wallets frozen for one token (modules/holders/freeze.ts).
  freeze_product_not_tokenised: 'Only a tokenised product’s token can be frozen: give "%{title}" a token id first.',
  freeze_already_frozen: 'Wallet %{wallet} is already frozen for this token.',
  freeze_not_frozen: 'Wallet %{wallet} is not frozen for this token: there is nothing to unfreeze.',
  // Redeeming (burning) a holder's tokens (modules/holders/redeem.ts).
  redeem_product_not_tokenised: 'Only a tokenised product’s tokens can be redeemed: "%{title}" has no token id.',
  redeem_wallet_frozen: 'Wallet %{wallet} is frozen for this token: unfreeze it before redeeming its tokens.',
  redeem_over_balance:
    'Wallet %{wallet} holds %{balance} of this token, %{pending} of them already being redeemed: %{amount} more cannot be redeemed.',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
/** The variable parts of a sentence: a field's name, an amount, a number. */
export type ErrorParams = Record<string, string | number>;
/** A field's own message in an error body's `fieldMessages`. */
export type FieldMessage = { messageCode: string; params?: ErrorParams };

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(ERROR_MESSAGES, code);

/** Fills `%{name}` placeholders (polyglot's syntax, so the admin's catalogue can hold these templates as they are). */
export function fillMessage(template: string, params: ErrorParams = {}): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * Things a sentence names through a param (which field of a DNS record is wrong): the param's value is `@<term>` (see
 * `term`), and each catalogue says the term in its own language (ERROR_TERMS_ZH in errors-catalogue.zh.ts).
 */
export const ERROR_TERMS = {
  dns_domain: 'Domain',
  dns_cname_value: 'Value of a CNAME record',
  dns_ns_value: 'Value of an NS record',
  dns_mx_host: 'MX host',
} as const satisfies Record<string, string>;
export type ErrorTerm = keyof typeof ERROR_TERMS;

/** A param naming a term of the catalogue, said in the reader's language. */
export const term = (name: ErrorTerm) => `@${name}`;

/** `params` with each `@<term>` value said in the catalogue `terms`. */
export function withTerms(params: ErrorParams | undefined, terms: Record<ErrorTerm, string>): ErrorParams | undefined {
  if (!params) return params;
  const said = (v: string | number) =>
    typeof v === 'string' && v.startsWith('@') && Object.hasOwn(terms, v.slice(1)) ? terms[v.slice(1) as ErrorTerm] : v;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, said(v)]));
}

/** The English sentence of a message code. */
export const errorSentence = (code: ErrorCode, params?: ErrorParams) =>
  fillMessage(ERROR_MESSAGES[code], withTerms(params, ERROR_TERMS));
