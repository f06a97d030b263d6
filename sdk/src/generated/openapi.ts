// generated — do not edit. Source: openapi.yaml; regenerate with `npm run generate`.

export interface paths {
    "/v1/payment_intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment intents
         * @description Lists the caller's payment intents in the key's mode, newest first, optionally only those
         *     in one `status`. See Pagination. `client_secret` is never included.
         */
        get: operations["listPaymentIntents"];
        put?: never;
        /**
         * Create a payment intent
         * @description Creates a payment intent in `requires_authentication` and returns it with its
         *     `client_secret`, the credential the customer's payment sheet uses (`/pay/{client_secret}`).
         *     The `client_secret` is returned only here (and by idempotent replays of this request):
         *     store it if you need it again, and never log it.
         *
         *     Send an `Idempotency-Key` so that a retry cannot create a second intent: see Idempotency.
         */
        post: operations["createPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_intents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The payment intent's id.
                 * @example pi_2JIglADXcZSH0YR87yZi3eO4
                 */
                id: components["parameters"]["PaymentIntentIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a payment intent
         * @description Returns the intent as it is now, without `client_secret`. An intent of another merchant
         *     or of the other mode is `404 resource_missing`, as is an id that does not exist.
         */
        get: operations["retrievePaymentIntent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_intents/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The payment intent's id.
                 * @example pi_2JIglADXcZSH0YR87yZi3eO4
                 */
                id: components["parameters"]["PaymentIntentIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a payment intent
         * @description Cancels an intent the customer has not paid (`requires_authentication`): it becomes
         *     `canceled` with `cancellation_reason: requested_by_merchant`, can no longer be paid, and a
         *     `payment_intent.canceled` event is sent. Cancelling an intent that is already `canceled`
         *     returns it unchanged. An intent that is `processing` or `succeeded` cannot be canceled
         *     (`400 payment_intent_unexpected_state`): refund it instead. No request body; the response
         *     does not include `client_secret`.
         */
        post: operations["cancelPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "payment_intent.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.succeeded
         * @description A payment succeeded: the intent is `succeeded`, its amount less the service fee is in the
         *     merchant's balance. Fulfil the order from this event: match it by `data.id` (the intent id
         *     you stored at creation) and compare `data.amount` with the price you expect.
         */
        post: operations["paymentIntentSucceededWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.failed
         * @description A payment attempt failed; `data.last_error` says why (for example `card_declined`,
         *     `insufficient_funds`, `invalid_otp`, `processor_declined`, `test_card_in_live_mode`). The
         *     intent stays open and the customer may try again, so this is not a reason to cancel the
         *     order.
         */
        post: operations["paymentIntentFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.canceled
         * @description An intent was canceled, by the merchant (`requested_by_merchant`) or because it was not
         *     paid before `expires_at` (`expired`). It can no longer be paid.
         */
        post: operations["paymentIntentCanceledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.succeeded
         * @description A refund was paid from the merchant's balance to the customer's balance.
         */
        post: operations["refundSucceededWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description A test event sent when the merchant asks for one (the dashboard's "Send test event").
         *     It carries no payment (`data` is `{"test": true}`): answer it with 200.
         */
        post: operations["webhookTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description The one shape of every error response. */
        Error: {
            error: {
                /**
                 * @description What went wrong, from a closed set:
                 *     - `invalid_request` (400): a field is missing or invalid, the JSON is malformed,
                 *       a field is unknown, or an idempotency key was reused with different money fields
                 *       or on another endpoint.
                 *     - `payment_intent_unexpected_state` (400): the intent's status does not allow this.
                 *     - `invalid_api_key` (401): no key, a malformed key, an unknown or revoked key.
                 *     - `resource_missing` (404): unknown id, another merchant's or the other mode's
                 *       object, or an unknown path.
                 *     - `method_not_allowed` (405): a known path with an unsupported method.
                 *     - `insufficient_balance` (409): the merchant's balance cannot cover a refund.
                 *     - `idempotency_key_in_use` (409): a request with the same key is in progress.
                 *     - `request_too_large` (413): the body is over 64 KiB.
                 *     - `rate_limited` (429): too many requests from this IP address.
                 *     - `internal_error` (500): a fault on our side.
                 * @enum {string}
                 */
                code: "invalid_request" | "payment_intent_unexpected_state" | "invalid_api_key" | "resource_missing" | "method_not_allowed" | "insufficient_balance" | "idempotency_key_in_use" | "request_too_large" | "rate_limited" | "internal_error";
                /** @description A human-readable explanation, for developers, not for customers. */
                message: string;
                /**
                 * @description The one field at fault, when there is one, as a dotted path (`amount`,
                 *     `customer.email`, `card.number`) or a header name (`Idempotency-Key`).
                 */
                param?: string;
                /** @description The request's id; equals the response's `x-request-id` header. */
                request_id: string;
            };
        };
        /**
         * @description A payment intent id, `pi_` and 24 letters and digits.
         * @example pi_2JIglADXcZSH0YR87yZi3eO4
         */
        PaymentIntentId: string;
        /**
         * @description An amount in kobo (1 NGN = 100 kobo) as a decimal string of an integer, so that large
         *     values keep their precision in every JSON parser.
         * @example 250000
         */
        Kobo: string;
        /**
         * @description The ISO 4217 currency code. Nairaflow handles naira only.
         * @enum {string}
         */
        Currency: "NGN";
        /**
         * @description - `requires_authentication`: created, waiting for the customer to pay (also after a
         *       failed attempt, or while waiting for an OTP).
         *     - `processing`: the payment is with the processor; the outcome follows shortly.
         *     - `succeeded`: paid. Final, except for refunds.
         *     - `canceled`: canceled by the merchant or expired unpaid. Final.
         * @enum {string}
         */
        PaymentIntentStatus: "requires_authentication" | "processing" | "succeeded" | "canceled";
        CreatePaymentIntentRequest: {
            /** @description The amount to collect, in kobo (`250000` is NGN 2,500.00), 1 to 10^15. */
            amount: number;
            currency: components["schemas"]["Currency"];
            /** @description Shown to the customer in the payment sheet. Up to 500 characters. */
            description?: string;
            /**
             * @description Any JSON object of your own (an order id, say), returned on the intent and in its
             *     events. At most 16 KiB once serialized as JSON; a larger one is refused with
             *     `400 invalid_request`, `param` `metadata`.
             */
            metadata?: {
                [key: string]: unknown;
            };
            /**
             * @description The payer. Give the e-mail when you know it: a payment needs one (the payment sheet
             *     asks the customer for it otherwise), since refunds are paid to the customer's balance,
             *     which is keyed by e-mail.
             */
            customer?: {
                /** Format: email */
                email?: string;
                /** @description E.164, for example `+2348031234567`. */
                phone?: string;
            };
        };
        /**
         * @description One amount a merchant wants to collect. `client_secret` is present only in the response
         *     to create (and its idempotent replays); retrieve, list and cancel omit it.
         */
        PaymentIntent: {
            id: components["schemas"]["PaymentIntentId"];
            /** @description `false` in test mode, `true` in live mode. */
            livemode: boolean;
            /** @description The owning merchant's id. */
            merchant_id: string;
            /** @description The merchant's display name, shown in the payment sheet. */
            merchant_name: string;
            /**
             * Format: uri
             * @description The merchant's logo, or null when it has none.
             */
            merchant_logo_url: string | null;
            amount: components["schemas"]["Kobo"];
            currency: components["schemas"]["Currency"];
            /** @description Shown in the payment sheet; the empty string when none was given. */
            description: string;
            status: components["schemas"]["PaymentIntentStatus"];
            /**
             * @description The payment method that paid the intent; null until one has.
             * @enum {string|null}
             */
            method: "card" | null;
            /** @description The metadata given at creation (`{}` when none). */
            metadata: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description After this time the intent cannot be paid; it is then canceled (`expired`).
             */
            expires_at: string;
            /**
             * Format: date-time
             * @description When the payment succeeded; null until then.
             */
            succeeded_at: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When the intent was canceled; null unless it was.
             */
            canceled_at: string | null;
            /** @description The customer given at creation (or the e-mail the payer entered), or null. */
            customer: {
                email: string | null;
                phone: string | null;
            } | null;
            /**
             * @description The payment sheet's credential for this intent: the intent id, `_secret_` and 24
             *     letters and digits. Returned only by create (and its idempotent replays). Do not log
             *     it or expose it except to this intent's customer.
             */
            client_secret?: string;
            /** @description How much of the amount has been refunded, in kobo (`"0"` when nothing). */
            amount_refunded: components["schemas"]["Kobo"];
            /** @description The platform's fee in kobo, charged on success; null until then. */
            service_fee: components["schemas"]["Kobo"] | null;
            /**
             * @description Why the intent was canceled; null unless it was.
             * @enum {string|null}
             */
            cancellation_reason: "requested_by_merchant" | "expired" | null;
            /**
             * @description Why the last payment attempt failed (`card_declined`, `insufficient_funds`,
             *     `invalid_otp`, `processor_declined`, `test_card_in_live_mode`, ...); null when none has.
             */
            last_error: string | null;
            /** @description What the customer must do next in the payment sheet, or null. */
            next_action: {
                /**
                 * @description `otp`: enter the one-time password sent by the card issuer.
                 * @enum {string}
                 */
                type: "otp";
            } | null;
        };
        /** @description A payment intent as create returns it, with its `client_secret`. */
        CreatedPaymentIntent: WithRequired<components["schemas"]["PaymentIntent"], "client_secret">;
        PaymentIntentList: {
            /** @constant */
            object: "list";
            /** @description The intents of this page, newest first, without `client_secret`. */
            data: components["schemas"]["PaymentIntent"][];
            /** @description Whether more intents exist beyond this page in the direction of travel. */
            has_more: boolean;
        };
        /**
         * @description What every event has. `type` decides the shape of `data`; see the Webhooks section for each
         *     type. Events may be delivered more than once: use `id` to de-duplicate.
         */
        EventEnvelope: {
            /** @description The event id, `evt_` and 24 letters and digits. */
            id: string;
            /**
             * @description The kind of event.
             * @enum {string}
             */
            type: "payment_intent.succeeded" | "payment_intent.failed" | "payment_intent.canceled" | "refund.succeeded" | "webhook.test";
            /** @description When the event happened, Unix time in seconds. */
            created: number;
            /** @description The mode of the object the event is about. */
            livemode: boolean;
            /** @description The payload; its fields depend on `type`. */
            data: Record<string, unknown>;
        };
        /** @description Any event the service sends, told apart by `type`. */
        Event: components["schemas"]["EventEnvelope"] & (components["schemas"]["PaymentIntentSucceededEvent"] | components["schemas"]["PaymentIntentFailedEvent"] | components["schemas"]["PaymentIntentCanceledEvent"] | components["schemas"]["RefundSucceededEvent"] | components["schemas"]["WebhookTestEvent"]);
        /** @description Sent when a payment succeeds. */
        PaymentIntentSucceededEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "payment_intent.succeeded";
            /** @description Unix time in seconds. */
            created: number;
            livemode: boolean;
            data: {
                id: components["schemas"]["PaymentIntentId"];
                amount: components["schemas"]["Kobo"];
                currency: components["schemas"]["Currency"];
                /**
                 * @description The payment method that paid.
                 * @enum {string}
                 */
                method: "card";
                /** @description The platform's fee, in kobo; the merchant's balance got amount less this. */
                service_fee: components["schemas"]["Kobo"];
                /** @description The intent's metadata. */
                metadata: {
                    [key: string]: unknown;
                };
            };
        };
        /** @description Sent when a payment attempt fails; the intent stays open. */
        PaymentIntentFailedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "payment_intent.failed";
            /** @description Unix time in seconds. */
            created: number;
            livemode: boolean;
            data: {
                id: components["schemas"]["PaymentIntentId"];
                /** @description Why the attempt failed (`card_declined`, `insufficient_funds`, ...). */
                last_error: string;
            };
        };
        /** @description Sent when an intent is canceled by the merchant or expires unpaid. */
        PaymentIntentCanceledEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "payment_intent.canceled";
            /** @description Unix time in seconds. */
            created: number;
            livemode: boolean;
            data: {
                id: components["schemas"]["PaymentIntentId"];
                /** @enum {string} */
                cancellation_reason: "requested_by_merchant" | "expired";
            };
        };
        /** @description Sent when a refund has been paid to the customer's balance. */
        RefundSucceededEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "refund.succeeded";
            /** @description Unix time in seconds. */
            created: number;
            livemode: boolean;
            data: {
                /** @description The refund id, `re_` and 24 letters and digits. */
                id: string;
                payment_intent: components["schemas"]["PaymentIntentId"];
                /** @description The refunded amount, in kobo. */
                amount: components["schemas"]["Kobo"];
            };
        };
        /** @description Sent when the merchant asks for a test event. It carries no payment. */
        WebhookTestEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook.test";
            /** @description Unix time in seconds. */
            created: number;
            livemode: boolean;
            data: {
                /** @constant */
                test: true;
            };
        };
    };
    responses: {
        /**
         * @description `invalid_request`: the body is not valid JSON, has an unknown field, or a field is missing
         *     or invalid; a query or path parameter is invalid; or the `Idempotency-Key` was used
         *     before with a different `amount` or `currency`, or on another endpoint. `param` names the
         *     field at fault when there is one.
         */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `payment_intent_unexpected_state`: the intent is `processing` or `succeeded` and cannot be
         *     canceled (refund it instead). `invalid_request`: the id is not a valid payment intent id.
         */
        BadRequestOrUnexpectedState: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `invalid_api_key`: the `Authorization` header is missing, is not `Bearer <key>`, or the
         *     key is malformed, unknown or revoked.
         */
        Unauthorized: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `resource_missing`: no object with this id exists for the caller, because it was never
         *     created, belongs to another merchant, or was created under the other mode's key.
         */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `idempotency_key_in_use`: another request with the same `Idempotency-Key` is still in
         *     progress. Retry shortly with the same key: you will get the object that request created.
         */
        Conflict: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `request_too_large`: the request body is over 64 KiB. */
        PayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `rate_limited`: the client IP made more than `RateLimit-Limit` requests in the last 60
         *     seconds. Wait `Retry-After` seconds, then retry.
         */
        TooManyRequests: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `internal_error` (status 500): something went wrong on our side. The message says nothing
         *     of the cause; quote `request_id` to support. Retrying is safe with the same
         *     `Idempotency-Key`.
         */
        UnexpectedError: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Any 2xx answer within 10 seconds confirms receipt; the body is ignored. Answer first and
         *     do slow work afterwards.
         */
        WebhookReceived: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description The receiver could not verify the signature (or the body); any non-2xx answer is a failed
         *     delivery that will be retried.
         */
        WebhookRejected: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /**
         * @description A key chosen by the caller, unique to the thing being paid for (an order id, a UUID). The
         *     same key again within 24 hours returns the first response instead of creating another
         *     intent. See Idempotency.
         * @example order-1042-attempt-1
         */
        IdempotencyKey: string;
        /**
         * @description The payment intent's id.
         * @example pi_2JIglADXcZSH0YR87yZi3eO4
         */
        PaymentIntentIdPath: components["schemas"]["PaymentIntentId"];
        /**
         * @description `t=<unix seconds>,v1=<hex>`: `t` is the time of this delivery attempt and each `v1` is the
         *     lowercase hex HMAC-SHA256, keyed with the endpoint's signing secret (`whsec_...`), of
         *     `<t>.<raw request body>`. While a rolled secret is still active there is one `v1` per
         *     active secret, so several `v1` entries may appear: accept the event when any of them
         *     matches (compare in constant time). Reject it when `t` is more than 300 seconds away from
         *     your clock. Verify against the exact bytes received, before parsing the JSON.
         * @example t=1767261792,v1=55e946a5e8cd34574aac85612cb547d0bbb16639e729ad0d7ed4eb747d064aa0
         */
        ServiceSignature: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description The request's id, `req_` and 24 letters and digits; on every response. Equals
         *     `error.request_id` in an error body.
         * @example req_TzJPyGot7kYcsO2G7oLV7SkA
         */
        XRequestId: string;
        /**
         * @description Present, with the value `true`, only when this response is the replay of the first
         *     response to the request's `Idempotency-Key`; nothing new was created.
         * @example true
         */
        IdempotentReplayed: "true";
        /**
         * @description How many `/v1` requests the client IP may make in any 60-second window.
         * @example 100
         */
        RateLimitLimit: number;
        /**
         * @description How many more requests the client IP may make in the current 60-second window.
         * @example 99
         */
        RateLimitRemaining: number;
        /**
         * @description Seconds until the oldest request in the window leaves it, freeing a slot (0 when the
         *     window is empty).
         * @example 60
         */
        RateLimitReset: number;
        /**
         * @description Seconds to wait before retrying (1 to 60).
         * @example 12
         */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listPaymentIntents: {
        parameters: {
            query?: {
                /**
                 * @description How many intents to return, 1 to 100.
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description Cursor for the next (older) page: the id of the last intent of the current page.
                 *     Give at most one of `starting_after` and `ending_before`.
                 * @example pi_XpVmeONYvei2MdAFD62sIPht
                 */
                starting_after?: components["schemas"]["PaymentIntentId"];
                /**
                 * @description Cursor for the previous (newer) page: the id of the first intent of the current page.
                 *     Give at most one of `starting_after` and `ending_before`.
                 * @example pi_XiLpdesq6DaaU5qzrxEJJM00
                 */
                ending_before?: components["schemas"]["PaymentIntentId"];
                /**
                 * @description Only intents in this status.
                 * @example succeeded
                 */
                status?: components["schemas"]["PaymentIntentStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of intents, newest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentIntentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createPaymentIntent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key chosen by the caller, unique to the thing being paid for (an order id, a UUID). The
                 *     same key again within 24 hours returns the first response instead of creating another
                 *     intent. See Idempotency.
                 * @example order-1042-attempt-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentIntentRequest"];
            };
        };
        responses: {
            /**
             * @description The intent was created, or (with `Idempotent-Replayed: true`) this is the replay of
             *     the first response to this `Idempotency-Key`. Either way the body carries
             *     `client_secret`.
             */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedPaymentIntent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    retrievePaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The payment intent's id.
                 * @example pi_2JIglADXcZSH0YR87yZi3eO4
                 */
                id: components["parameters"]["PaymentIntentIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The intent, without `client_secret`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    cancelPaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The payment intent's id.
                 * @example pi_2JIglADXcZSH0YR87yZi3eO4
                 */
                id: components["parameters"]["PaymentIntentIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The intent, now (or already) `canceled`, without `client_secret`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            400: components["responses"]["BadRequestOrUnexpectedState"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    paymentIntentSucceededWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: `t` is the time of this delivery attempt and each `v1` is the
                 *     lowercase hex HMAC-SHA256, keyed with the endpoint's signing secret (`whsec_...`), of
                 *     `<t>.<raw request body>`. While a rolled secret is still active there is one `v1` per
                 *     active secret, so several `v1` entries may appear: accept the event when any of them
                 *     matches (compare in constant time). Reject it when `t` is more than 300 seconds away from
                 *     your clock. Verify against the exact bytes received, before parsing the JSON.
                 * @example t=1767261792,v1=55e946a5e8cd34574aac85612cb547d0bbb16639e729ad0d7ed4eb747d064aa0
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentSucceededEvent"];
            };
        };
        responses: {
            400: components["responses"]["WebhookRejected"];
            "2XX": components["responses"]["WebhookReceived"];
        };
    };
    paymentIntentFailedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: `t` is the time of this delivery attempt and each `v1` is the
                 *     lowercase hex HMAC-SHA256, keyed with the endpoint's signing secret (`whsec_...`), of
                 *     `<t>.<raw request body>`. While a rolled secret is still active there is one `v1` per
                 *     active secret, so several `v1` entries may appear: accept the event when any of them
                 *     matches (compare in constant time). Reject it when `t` is more than 300 seconds away from
                 *     your clock. Verify against the exact bytes received, before parsing the JSON.
                 * @example t=1767261792,v1=55e946a5e8cd34574aac85612cb547d0bbb16639e729ad0d7ed4eb747d064aa0
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentFailedEvent"];
            };
        };
        responses: {
            400: components["responses"]["WebhookRejected"];
            "2XX": components["responses"]["WebhookReceived"];
        };
    };
    paymentIntentCanceledWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: `t` is the time of this delivery attempt and each `v1` is the
                 *     lowercase hex HMAC-SHA256, keyed with the endpoint's signing secret (`whsec_...`), of
                 *     `<t>.<raw request body>`. While a rolled secret is still active there is one `v1` per
                 *     active secret, so several `v1` entries may appear: accept the event when any of them
                 *     matches (compare in constant time). Reject it when `t` is more than 300 seconds away from
                 *     your clock. Verify against the exact bytes received, before parsing the JSON.
                 * @example t=1767261792,v1=55e946a5e8cd34574aac85612cb547d0bbb16639e729ad0d7ed4eb747d064aa0
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentIntentCanceledEvent"];
            };
        };
        responses: {
            400: components["responses"]["WebhookRejected"];
            "2XX": components["responses"]["WebhookReceived"];
        };
    };
    refundSucceededWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: `t` is the time of this delivery attempt and each `v1` is the
                 *     lowercase hex HMAC-SHA256, keyed with the endpoint's signing secret (`whsec_...`), of
                 *     `<t>.<raw request body>`. While a rolled secret is still active there is one `v1` per
                 *     active secret, so several `v1` entries may appear: accept the event when any of them
                 *     matches (compare in constant time). Reject it when `t` is more than 300 seconds away from
                 *     your clock. Verify against the exact bytes received, before parsing the JSON.
                 * @example t=1767261792,v1=55e946a5e8cd34574aac85612cb547d0bbb16639e729ad0d7ed4eb747d064aa0
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundSucceededEvent"];
            };
        };
        responses: {
            400: components["responses"]["WebhookRejected"];
            "2XX": components["responses"]["WebhookReceived"];
        };
    };
    webhookTestWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: `t` is the time of this delivery attempt and each `v1` is the
                 *     lowercase hex HMAC-SHA256, keyed with the endpoint's signing secret (`whsec_...`), of
                 *     `<t>.<raw request body>`. While a rolled secret is still active there is one `v1` per
                 *     active secret, so several `v1` entries may appear: accept the event when any of them
                 *     matches (compare in constant time). Reject it when `t` is more than 300 seconds away from
                 *     your clock. Verify against the exact bytes received, before parsing the JSON.
                 * @example t=1767261792,v1=55e946a5e8cd34574aac85612cb547d0bbb16639e729ad0d7ed4eb747d064aa0
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            400: components["responses"]["WebhookRejected"];
            "2XX": components["responses"]["WebhookReceived"];
        };
    };
}
type WithRequired<T, K extends keyof T> = T & {
    [P in K]-?: T[P];
};
