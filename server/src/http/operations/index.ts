import type { RequestHandler } from 'express';
import type { Config } from '../../config.ts';
import type { operations } from '../../generated/openapi.ts';
import cancelPaymentIntent from './cancelPaymentIntent.ts';
import createPaymentIntent from './createPaymentIntent.ts';
import listPaymentIntents from './listPaymentIntents.ts';
import retrievePaymentIntent from './retrievePaymentIntent.ts';

export interface OperationDeps {
  config: Config;
}

type Factory = (deps: OperationDeps) => RequestHandler<any>;

/** The API's operations (webhooks are operations of the contract too, but the server sends them). */
type ApiOperationId = Exclude<keyof operations, `${string}Webhook`>;

/** One handler per operationId of openapi.yaml; the app refuses to start if the two disagree. */
export const operationHandlers: Record<ApiOperationId, Factory> = {
  createPaymentIntent,
  retrievePaymentIntent,
  listPaymentIntents,
  cancelPaymentIntent,
};
