import type { Transport } from '../transport.ts';
import type {
  DeletedWebhookEndpoint,
  EventResource,
  RequestOptions,
  WebhookEndpoint as WebhookEndpointData,
  WebhookEndpointRecoverParams,
  WebhookEndpointRollSecretParams,
  WebhookEndpointUpdateParams,
  WebhookEndpointWithSecret,
  WebhookRecovery,
} from '../types.ts';
import { asEvent } from './event-answers.ts';

/** Your one webhook endpoint in the key's mode. */
export class WebhookEndpoint {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Sets the endpoint's URL. When this creates the endpoint the answer carries its signing
   * `secret` (shown only then); when it changes the URL of an existing one it does not.
   */
  update(params: WebhookEndpointUpdateParams, options?: RequestOptions): Promise<WebhookEndpointData | WebhookEndpointWithSecret> {
    return this.#t.send((init) => this.#t.client.PUT('/v1/webhook_endpoint', { ...init, body: params }), options, 'idempotent');
  }

  retrieve(options?: RequestOptions): Promise<WebhookEndpointData> {
    return this.#t.send((init) => this.#t.client.GET('/v1/webhook_endpoint', init), options, 'idempotent');
  }

  /**
   * The endpoint with its current signing `secret`, for a receiver set up again (rolling would
   * stop the running receiver's checks).
   */
  retrieveSecret(options?: RequestOptions): Promise<WebhookEndpointWithSecret> {
    return this.#t.send((init) => this.#t.client.GET('/v1/webhook_endpoint/secret', init), options, 'idempotent');
  }

  delete(options?: RequestOptions): Promise<DeletedWebhookEndpoint> {
    return this.#t.send((init) => this.#t.client.DELETE('/v1/webhook_endpoint', init), options, 'idempotent');
  }

  /**
   * A new signing secret; the old one keeps signing beside it for `expires_in` seconds (default
   * 86400). Not retried after a timeout: a second roll would retire the secret the first made.
   */
  rollSecret(params?: WebhookEndpointRollSecretParams, options?: RequestOptions): Promise<WebhookEndpointWithSecret> {
    return this.#t.send(
      (init) => this.#t.client.POST('/v1/webhook_endpoint/roll_secret', { ...init, body: params }),
      options,
      'once',
    );
  }

  /**
   * After your receiver was down or rejected deliveries (a wrong secret): queues one new delivery
   * attempt, now, for every event created at or after `since` (Unix seconds or an RFC 3339 time)
   * that was not delivered, and resolves with how many it queued (`queued`). Safe to retry: an
   * event already waiting for an attempt is not queued twice. Follow them with
   * `events.list({ delivery_status: 'pending' })`.
   */
  recover(params: WebhookEndpointRecoverParams, options?: RequestOptions): Promise<WebhookRecovery> {
    return this.#t.send((init) => this.#t.client.POST('/v1/webhook_endpoint/recover', { ...init, body: params }), options, 'idempotent');
  }

  /** Sends a `webhook.test` event to the endpoint; resolves with the event. */
  sendTestEvent(options?: RequestOptions): Promise<EventResource> {
    return asEvent(this.#t.send((init) => this.#t.client.POST('/v1/webhook_endpoint/test_event', init), options, 'once'));
  }
}
