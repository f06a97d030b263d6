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
    "/v1/payment_intents/{id}/checkout": {
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
         * Retrieve the checkout view of a payment intent
         * @description Returns what the payment sheet shows the customer: the amount, the description, the
         *     merchant's name and logo, the status, whether an OTP is awaited (`next_action`), why the
         *     last attempt failed (`last_error`) and whether confirm must send an e-mail (`needs_email`).
         *     Poll it to follow an intent that is `processing`.
         *
         *     No secret key: the `client_secret` is the credential. An unknown intent and a wrong
         *     `client_secret` get the same `404 resource_missing`, so the answer reveals nothing about
         *     which intents exist.
         */
        get: operations["retrieveCheckout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_intents/{id}/confirm": {
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
         * Pay a payment intent with a card
         * @description Makes one payment attempt with the customer's card and returns the checkout view after it.
         *     The intent must be `requires_authentication` and not past `expires_at`. Send `email` when
         *     the view's `needs_email` is `true` (the intent has no customer e-mail, and a refund needs a
         *     customer balance to land in); it then becomes the intent's customer e-mail.
         *
         *     The outcome of the attempt is in the `200` answer, never in an HTTP error:
         *     - succeeded: `status` is `succeeded` and `payment_intent.succeeded` is sent;
         *     - declined or failed: `status` stays `requires_authentication`, `last_error` says why, a
         *       `payment_intent.failed` event is sent, and the customer may try again;
         *     - an OTP is needed: `next_action` is `{"type": "otp"}`; send it with
         *       `POST /v1/payment_intents/{id}/otp`;
         *     - the processor answers later: `status` is `processing`; poll the checkout view for the
         *       outcome.
         *
         *     HTTP errors are for bad requests and wrong states: a malformed body, a card number that
         *     fails the Luhn check, an expired card or a missing `email` (`400 invalid_request`), and an
         *     intent that is canceled, succeeded, processing or expired (`400
         *     payment_intent_unexpected_state`). The card number, expiry and CVC are never stored or
         *     logged; only the brand and the last four digits are kept.
         *
         *     Test cards (test mode; any future expiry and any CVC):
         *
         *     | Number | Outcome |
         *     |---|---|
         *     | `4084 0840 8408 4081` | Succeeds. |
         *     | `5060 6666 6666 6666 666` | Asks for an OTP (`next_action: {"type": "otp"}`): `123456` succeeds, any other OTP fails the attempt with `invalid_otp`. |
         *     | `4084 0800 0000 5408` | Fails: `card_declined`. |
         *     | `4084 0800 0000 0409` | Fails: `insufficient_funds`. |
         *     | `4000 0000 0000 0259` | `processing`, then succeeds shortly after. |
         *     | `4000 0000 0000 0267` | `processing`, then fails shortly after: `processor_declined`. |
         *     | Any other Luhn-valid number | Fails: `card_declined`. |
         *
         *     Live mode refuses the test cards (the attempt fails with `test_card_in_live_mode`) and
         *     sends every other card to the live processor.
         */
        post: operations["confirmPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_intents/{id}/otp": {
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
         * Send the OTP of a payment attempt
         * @description Completes the payment attempt that is waiting for a one-time password (the view's
         *     `next_action` is `{"type": "otp"}`). The right OTP makes the intent `succeeded`; a wrong
         *     one fails the attempt (`last_error: invalid_otp`, `next_action` null, a
         *     `payment_intent.failed` event), after which the customer may confirm again. Either way the
         *     answer is `200` with the checkout view. With no OTP awaited the request is refused with
         *     `400 payment_intent_unexpected_state`.
         *
         *     With the test card `5060 6666 6666 6666 666`, `123456` is the right OTP.
         */
        post: operations["submitPaymentIntentOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List refunds
         * @description Lists the caller's refunds in the key's mode, newest first, optionally only those of one
         *     payment intent. See Pagination.
         */
        get: operations["listRefunds"];
        put?: never;
        /**
         * Refund a payment
         * @description Refunds all or part of a `succeeded` payment intent: `amount` kobo, or, without `amount`,
         *     the whole not-yet-refunded remainder. The refund is paid at once: its amount moves from the
         *     merchant's available balance to the customer's balance (keyed by the intent's customer
         *     e-mail), the intent's `amount_refunded` grows by it, and a `refund.succeeded` event is
         *     sent.
         *
         *     Refused, with nothing moved:
         *     - `400 invalid_request` when the intent has not succeeded, when `amount` is more than is
         *       left to refund, or when nothing is left (the intent is fully refunded);
         *     - `409 insufficient_balance` when the merchant's available balance cannot cover the refund.
         *
         *     Concurrent refunds never overdraw the balance nor refund more than the intent's amount.
         *     Send an `Idempotency-Key` so that a retry cannot refund twice; for refunds the money fields
         *     a reused key must repeat are `payment_intent` and `amount`. See Idempotency.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The refund's id.
                 * @example re_JurEN7BwFUda4lR3dP5WbDqI
                 */
                id: components["parameters"]["RefundIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a refund
         * @description Returns the refund. A refund of another merchant or of the other mode is
         *     `404 resource_missing`, as is an id that does not exist.
         */
        get: operations["retrieveRefund"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the balance
         * @description Returns the merchant's available balance in the key's mode: succeeded payments less their
         *     service fees, less refunds, plus (in test mode) top-ups. Refunds are paid from it.
         */
        get: operations["retrieveBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/top_up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Top up the test balance
         * @description Test mode only: adds `amount` kobo to the merchant's test balance, so that refunds can be
         *     tried without first taking payments. Returns the balance after the top-up. With a live
         *     key this endpoint does not exist (`404 resource_missing`).
         *
         *     Send an `Idempotency-Key` so that a retry cannot add the amount twice; the money field a
         *     reused key must repeat is `amount`. See Idempotency.
         */
        post: operations["topUpBalance"];
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
         * @description A refund id, `re_` and 24 letters and digits.
         * @example re_JurEN7BwFUda4lR3dP5WbDqI
         */
        RefundId: string;
        /**
         * @description A payment intent's client secret: the intent id, `_secret_` and 24 letters and digits. The
         *     customer's credential for the Checkout operations of that intent.
         * @example pi_CVnw3LrvvbVmQ6LkkKrxFOE8_secret_hob9bzYiC9LnGd6wOT62fWI7
         */
        ClientSecret: string;
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
         * @description A payment intent as its customer may see it in the payment sheet: no metadata, customer
         *     details, merchant id or fees.
         */
        CheckoutView: {
            id: components["schemas"]["PaymentIntentId"];
            /** @description `false` in test mode (test cards only), `true` in live mode. */
            livemode: boolean;
            amount: components["schemas"]["Kobo"];
            currency: components["schemas"]["Currency"];
            /** @description The intent's description; the empty string when none was given. */
            description: string;
            /** @description The merchant's display name. */
            merchant_name: string;
            /**
             * Format: uri
             * @description The merchant's logo, or null when it has none.
             */
            merchant_logo_url: string | null;
            status: components["schemas"]["PaymentIntentStatus"];
            /**
             * Format: date-time
             * @description After this time the intent cannot be paid.
             */
            expires_at: string;
            /**
             * @description What the customer must do next, or null: `{"type": "otp"}` when the card issuer waits
             *     for a one-time password (send it with `POST /v1/payment_intents/{id}/otp`).
             */
            next_action: {
                /**
                 * @description `otp`: enter the one-time password sent by the card issuer.
                 * @enum {string}
                 */
                type: "otp";
            } | null;
            /**
             * @description Why the last payment attempt failed (`card_declined`, `insufficient_funds`,
             *     `invalid_otp`, `processor_declined`, `test_card_in_live_mode`, ...); null when none
             *     has. The customer may try again while the status is `requires_authentication`.
             */
            last_error: string | null;
            /**
             * @description `true` when the intent has no customer e-mail, so confirm must send `email` (a refund
             *     is paid to the customer's balance, which is keyed by e-mail).
             */
            needs_email: boolean;
        };
        ConfirmPaymentIntentRequest: {
            client_secret: components["schemas"]["ClientSecret"];
            /**
             * @description The payment method. Only cards are accepted.
             * @enum {string}
             */
            method: "card";
            /** @description The customer's card. Never stored; only its brand and last four digits are kept. */
            card: {
                /** @description The card number, digits, spaces allowed. It must pass the Luhn check. */
                number: string;
                /** @description The expiry month, 1 to 12. The card must not have expired. */
                exp_month: number;
                /** @description The four-digit expiry year. */
                exp_year: number;
                /** @description The 3 or 4 digit security code. */
                cvc: string;
            };
            /**
             * Format: email
             * @description The customer's e-mail. Required when the checkout view's `needs_email` is `true` (the
             *     intent has no customer e-mail); it then becomes the intent's customer e-mail, where
             *     refunds are paid.
             */
            email?: string;
        };
        SubmitPaymentIntentOtpRequest: {
            client_secret: components["schemas"]["ClientSecret"];
            /** @description The one-time password the card issuer sent the customer, 4 to 8 digits. */
            otp: string;
        };
        /** @description The merchant's available balance in one mode. */
        Balance: {
            /** @description The mode of the balance (the key's mode). */
            livemode: boolean;
            currency: components["schemas"]["Currency"];
            /** @description What the merchant has available, in kobo; refunds are paid from it. */
            available: components["schemas"]["Kobo"];
        };
        TopUpBalanceRequest: {
            /** @description The amount to add to the test balance, in kobo, 1 to 10^15. */
            amount: number;
        };
        CreateRefundRequest: {
            /** @description The succeeded payment intent to refund. */
            payment_intent: components["schemas"]["PaymentIntentId"];
            /**
             * @description How much to refund, in kobo, 1 to 10^15, at most what is left to refund. When omitted,
             *     the whole not-yet-refunded remainder is refunded.
             */
            amount?: number;
        };
        /**
         * @description A refund of all or part of a succeeded payment, paid from the merchant's available balance
         *     to the customer's balance.
         */
        Refund: {
            id: components["schemas"]["RefundId"];
            /** @description `false` in test mode, `true` in live mode. */
            livemode: boolean;
            /** @description The refunded payment intent. */
            payment_intent: components["schemas"]["PaymentIntentId"];
            /** @description The refunded amount, in kobo. */
            amount: components["schemas"]["Kobo"];
            /**
             * @description `succeeded`: the amount is in the customer's balance. Refunds are paid at once.
             * @enum {string}
             */
            status: "succeeded";
            /** Format: date-time */
            created_at: string;
        };
        RefundList: {
            /** @constant */
            object: "list";
            /** @description The refunds of this page, newest first. */
            data: components["schemas"]["Refund"][];
            /** @description Whether more refunds exist beyond this page in the direction of travel. */
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
                id: components["schemas"]["RefundId"];
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
         *     before with different money fields (see Idempotency) or on another endpoint. `param` names
         *     the field at fault when there is one.
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
         * @description `invalid_request`: the body is not valid JSON, has an unknown field, or a field is missing
         *     or invalid, including a card number that fails the Luhn check (`param` `card.number`), an
         *     expired card (`param` `card.exp_month`) and a missing `email` when the intent has no
         *     customer e-mail (`param` `email`); or the id is not a valid payment intent id.
         *     `payment_intent_unexpected_state`: the intent cannot be paid because it is `canceled`,
         *     `succeeded`, `processing` or past `expires_at`.
         */
        ConfirmBadRequest: {
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
         * @description `invalid_request`: the body is not valid JSON, has an unknown field, or a field is missing
         *     or invalid (an `otp` that is not 4 to 8 digits, say); or the id is not a valid payment
         *     intent id. `payment_intent_unexpected_state`: no OTP is awaited (the view's `next_action`
         *     is not `{"type": "otp"}`): no card was confirmed yet, the attempt already ended, or the
         *     intent is `canceled`, `succeeded`, `processing` or past `expires_at`.
         */
        OtpBadRequest: {
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
         * @description `invalid_request`, with nothing moved: the payment intent has not succeeded, `amount` is
         *     more than is left to refund, or nothing is left to refund; or the body is not valid JSON,
         *     has an unknown field, or a field is missing or invalid; or the `Idempotency-Key` was used
         *     before with a different `payment_intent` or `amount`, or on another endpoint. `param`
         *     names the field at fault when there is one.
         */
        RefundBadRequest: {
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
         * @description `resource_missing`: no payment intent has this id, or the `client_secret` is not this
         *     intent's. Both get the same answer, so it reveals nothing about which intents exist.
         */
        CheckoutNotFound: {
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
         * @description `resource_missing` (`param` `payment_intent`): no payment intent with this id exists for
         *     the caller, because it was never created, belongs to another merchant, or was created
         *     under the other mode's key.
         */
        RefundPaymentIntentNotFound: {
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
         * @description `resource_missing`: test helpers exist only in test mode; with a live key this endpoint
         *     does not exist.
         */
        TestHelperNotFound: {
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
         * @description `insufficient_balance`: the merchant's available balance cannot cover the refund; nothing
         *     moved. Retry once the balance covers it (in test mode, top it up).
         *     `idempotency_key_in_use`: another request with the same `Idempotency-Key` is still in
         *     progress. Retry shortly with the same key: you will get the refund that request created.
         */
        RefundConflict: {
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
         * @description A key chosen by the caller, unique to the thing being done (an order id, a refund request's
         *     id, a UUID). The same key again within 24 hours returns the first response instead of
         *     creating another object or moving money again. See Idempotency.
         * @example order-1042-attempt-1
         */
        IdempotencyKey: string;
        /**
         * @description The payment intent's id.
         * @example pi_2JIglADXcZSH0YR87yZi3eO4
         */
        PaymentIntentIdPath: components["schemas"]["PaymentIntentId"];
        /**
         * @description The refund's id.
         * @example re_JurEN7BwFUda4lR3dP5WbDqI
         */
        RefundIdPath: components["schemas"]["RefundId"];
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
                 * @description A key chosen by the caller, unique to the thing being done (an order id, a refund request's
                 *     id, a UUID). The same key again within 24 hours returns the first response instead of
                 *     creating another object or moving money again. See Idempotency.
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
    retrieveCheckout: {
        parameters: {
            query: {
                /**
                 * @description The intent's client secret, as create returned it.
                 * @example pi_CVnw3LrvvbVmQ6LkkKrxFOE8_secret_hob9bzYiC9LnGd6wOT62fWI7
                 */
                client_secret: components["schemas"]["ClientSecret"];
            };
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
            /** @description The intent as the customer may see it. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutView"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["CheckoutNotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    confirmPaymentIntent: {
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
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmPaymentIntentRequest"];
            };
        };
        responses: {
            /**
             * @description The checkout view after the attempt, whatever its outcome: `succeeded`, `processing`,
             *     an OTP awaited (`next_action`), or failed (`last_error` set, still
             *     `requires_authentication`).
             */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutView"];
                };
            };
            400: components["responses"]["ConfirmBadRequest"];
            404: components["responses"]["CheckoutNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    submitPaymentIntentOtp: {
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
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitPaymentIntentOtpRequest"];
            };
        };
        responses: {
            /**
             * @description The checkout view after the OTP: `succeeded`, or `requires_authentication` with
             *     `last_error: invalid_otp`.
             */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutView"];
                };
            };
            400: components["responses"]["OtpBadRequest"];
            404: components["responses"]["CheckoutNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listRefunds: {
        parameters: {
            query?: {
                /**
                 * @description Only the refunds of this payment intent.
                 * @example pi_2JIglADXcZSH0YR87yZi3eO4
                 */
                payment_intent?: components["schemas"]["PaymentIntentId"];
                /**
                 * @description How many refunds to return, 1 to 100.
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description Cursor for the next (older) page: the id of the last refund of the current page.
                 *     Give at most one of `starting_after` and `ending_before`.
                 * @example re_JurEN7BwFUda4lR3dP5WbDqI
                 */
                starting_after?: components["schemas"]["RefundId"];
                /**
                 * @description Cursor for the previous (newer) page: the id of the first refund of the current page.
                 *     Give at most one of `starting_after` and `ending_before`.
                 * @example re_sMm0Ok263y6aCSYs5sXN0JI8
                 */
                ending_before?: components["schemas"]["RefundId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of refunds, newest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key chosen by the caller, unique to the thing being done (an order id, a refund request's
                 *     id, a UUID). The same key again within 24 hours returns the first response instead of
                 *     creating another object or moving money again. See Idempotency.
                 * @example order-1042-attempt-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRefundRequest"];
            };
        };
        responses: {
            /**
             * @description The refund was paid, or (with `Idempotent-Replayed: true`) this is the replay of the
             *     first response to this `Idempotency-Key` and nothing moved again.
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
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["RefundBadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["RefundPaymentIntentNotFound"];
            409: components["responses"]["RefundConflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    retrieveRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The refund's id.
                 * @example re_JurEN7BwFUda4lR3dP5WbDqI
                 */
                id: components["parameters"]["RefundIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refund. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    retrieveBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The available balance. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balance"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    topUpBalance: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key chosen by the caller, unique to the thing being done (an order id, a refund request's
                 *     id, a UUID). The same key again within 24 hours returns the first response instead of
                 *     creating another object or moving money again. See Idempotency.
                 * @example order-1042-attempt-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TopUpBalanceRequest"];
            };
        };
        responses: {
            /**
             * @description The balance after the top-up, or (with `Idempotent-Replayed: true`) the replay of the
             *     first response to this `Idempotency-Key`, with nothing added again.
             */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["TestHelperNotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
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
