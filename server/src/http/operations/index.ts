import type { OperationDeps, OperationHandler } from './deps.ts';
import type { operations } from '../../generated/openapi.ts';
import { cancelPaymentIntent } from './cancelPaymentIntent.ts';
import { confirmPaymentIntent } from './confirmPaymentIntent.ts';
import { createPaymentIntent } from './createPaymentIntent.ts';
import { createRefund } from './createRefund.ts';
import { listPaymentIntents } from './listPaymentIntents.ts';
import { listRefunds } from './listRefunds.ts';
import { retrieveBalance } from './retrieveBalance.ts';
import { retrieveCheckout } from './retrieveCheckout.ts';
import { retrievePaymentIntent } from './retrievePaymentIntent.ts';
import { retrieveRefund } from './retrieveRefund.ts';
import { submitPaymentIntentOtp } from './submitPaymentIntentOtp.ts';
import { authenticatePaymentIntent } from './authenticatePaymentIntent.ts';
import { topUpBalance } from './topUpBalance.ts';
import { updateWebhookEndpoint } from './updateWebhookEndpoint.ts';
import { retrieveWebhookEndpoint } from './retrieveWebhookEndpoint.ts';
import { deleteWebhookEndpoint } from './deleteWebhookEndpoint.ts';
import { rollWebhookEndpointSecret } from './rollWebhookEndpointSecret.ts';
import { sendWebhookTestEvent } from './sendWebhookTestEvent.ts';
import { recoverWebhookEndpoint } from './recoverWebhookEndpoint.ts';
import { listEvents } from './listEvents.ts';
import { streamEvents } from './streamEvents.ts';
import { retrieveEvent } from './retrieveEvent.ts';
import { listEventDeliveries } from './listEventDeliveries.ts';
import { redeliverEvent } from './redeliverEvent.ts';
import { listPaymentAttempts } from './listPaymentAttempts.ts';
import { listBalanceEntries } from './listBalanceEntries.ts';
import { signIn } from './signIn.ts';
import { retrieveSession } from './retrieveSession.ts';
import { signOut } from './signOut.ts';
import { signOutEverywhere } from './signOutEverywhere.ts';
import { confirmPassword } from './confirmPassword.ts';
import { retrieveWebhookEndpointSecret } from './retrieveWebhookEndpointSecret.ts';
import { listApiKeys } from './listApiKeys.ts';
import { rollApiKey } from './rollApiKey.ts';
import { listBanks } from './listBanks.ts';
import { exportPaymentIntents } from './exportPaymentIntents.ts';
import { exportBalanceEntries } from './exportBalanceEntries.ts';
import { retrieveReportSummary } from './retrieveReportSummary.ts';
import { listReconciliationNotices } from './listReconciliationNotices.ts';
import { retrievePayoutAccount } from './retrievePayoutAccount.ts';
import { updatePayoutAccount } from './updatePayoutAccount.ts';
import { createPayout } from './createPayout.ts';
import { listPayouts } from './listPayouts.ts';
import { retrievePayout } from './retrievePayout.ts';

/** Makes an operation's handler, once, with what it needs. */
type Factory = (deps: OperationDeps) => OperationHandler;

/** The API's operations (webhooks are operations of the contract too, but the server sends them). */
type ApiOperationId = Exclude<keyof operations, `${string}Webhook`>;

/** One handler per operationId of openapi.yaml; the app refuses to start if the two disagree. */
export const operationHandlers: Record<ApiOperationId, Factory> = {
  createPaymentIntent,
  retrievePaymentIntent,
  listPaymentIntents,
  cancelPaymentIntent,
  retrieveCheckout,
  confirmPaymentIntent,
  submitPaymentIntentOtp,
  authenticatePaymentIntent,
  retrieveBalance,
  topUpBalance,
  createRefund,
  listBanks,
  exportPaymentIntents,
  exportBalanceEntries,
  retrieveReportSummary,
  listReconciliationNotices,
  retrievePayoutAccount,
  updatePayoutAccount,
  createPayout,
  listPayouts,
  retrievePayout,
  retrieveRefund,
  listRefunds,
  updateWebhookEndpoint,
  retrieveWebhookEndpoint,
  deleteWebhookEndpoint,
  rollWebhookEndpointSecret,
  retrieveWebhookEndpointSecret,
  sendWebhookTestEvent,
  recoverWebhookEndpoint,
  listEvents,
  streamEvents,
  retrieveEvent,
  listEventDeliveries,
  redeliverEvent,
  listPaymentAttempts,
  listBalanceEntries,
  signIn,
  retrieveSession,
  signOut,
  signOutEverywhere,
  confirmPassword,
  listApiKeys,
  rollApiKey,
};
