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
         *     in one `status`, created in a range (`created[gte]`, `created[lt]`), or found by `q`; the
         *     filters combine, and paging keeps them. `include=totals` adds the figures of everything the
         *     filter finds. See Pagination. `client_secret` is never included.
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
         *     Give a `return_url` to bring the customer back to your shop from the payment sheet, with
         *     `payment_intent=<id>` added after they have paid.
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
    "/v1/payment_intents/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export payment intents as CSV
         * @description Every payment intent the filters find (the same `status`, `created[gte]`, `created[lt]`
         *     and `q` as the list), newest first, as CSV for a spreadsheet: UTF-8 with a byte-order mark
         *     (Excel reads it as UTF-8), RFC 4180 quoting, and no cell a spreadsheet would run as a
         *     formula (a value starting with `=`, `+`, `-`, `@`, a tab or a carriage return starts with
         *     `'`). Columns: `id`, `created_at`, `status` (as the dashboard shows it: `succeeded`,
         *     `partially_refunded`, `refunded`, `failed`, `processing`, `awaiting_payment`, `expired`,
         *     `canceled`), `gross_ngn`, `fee_ngn`, `refunded_ngn`, `net_ngn` (exact naira decimals),
         *     `currency`, `customer_email`, `customer_phone`, `description`, `metadata` (JSON),
         *     `succeeded_at`, `livemode`. Streamed as it is read, whatever the number of rows.
         *     At most 2 exports of a merchant run at once (and a few per server): another is
         *     `429 rate_limited`, with `Retry-After`. A download that takes nothing for 30 seconds is
         *     ended unfinished.
         */
        get: operations["exportPaymentIntents"];
        put?: never;
        post?: never;
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
    "/v1/payment_intents/{id}/attempts": {
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
         * List a payment intent's attempts
         * @description Every attempt the customer made to pay the intent, oldest first: the card's brand and last
         *     four digits (never the number), and how the attempt ended. An intent has a handful of
         *     attempts at most, so the list is never paged (`has_more` is `false`).
         */
        get: operations["listPaymentAttempts"];
        put?: never;
        post?: never;
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
         *     | `4000 0000 0000 0275` | `processing`, and the processor never answers: it stays `processing` while the service keeps asking, further and further apart (for trying how your shop handles a slow payment). |
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
    "/v1/payment_intents/{id}/authenticate": {
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
         * Answer the step the card issuer asked for
         * @description Answers the step a payment attempt is waiting for (the view's `next_action`): send the
         *     `client_secret` and exactly one of `pin`, `otp`, `phone`, `birthday` or `address`, the one
         *     named by `next_action.type`. The processor may answer with another step (a PIN, then an
         *     OTP: `next_action` changes), a success (`succeeded`), a decline (`requires_authentication`
         *     with `last_error`, and a `payment_intent.failed` event), or not yet (`processing`: the
         *     sheet polls the checkout view). Either way the answer is `200` with the checkout view.
         *
         *     The answer is sent to the processor and never kept or logged. An answer of the wrong kind
         *     (an `otp` while a `pin` is awaited) is refused with `400 invalid_request` naming the field
         *     that is awaited; with nothing awaited, `400 payment_intent_unexpected_state`.
         *     `POST .../otp` remains the same as sending `otp` here.
         *
         *     In test mode only the OTP step occurs: the test card `5060 6666 6666 6666 666`, whose OTP
         *     is `123456`.
         */
        post: operations["authenticatePaymentIntent"];
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
         *     merchant's balance (a live payment not settled yet: what is still pending of it first, then
         *     the available balance) to the customer's balance with this merchant (keyed by the intent's
         *     customer e-mail), the intent's `amount_refunded` grows by it, and a `refund.succeeded`
         *     event is sent. In live mode the money then travels on to the card through the processor
         *     (`destination_status`): should the processor fail it for good, the amount goes back to the
         *     merchant's balance and `amount_refunded` shrinks by it again (`refund.destination_failed`). No balance may pass 10^18 kobo either way: a refund that
         *     would take one past it is `400 invalid_request` and moves nothing.
         *
         *     Refused, with nothing moved:
         *     - `400 invalid_request` when the intent has not succeeded, when `amount` is more than is
         *       left to refund, or when nothing is left (the intent is fully refunded);
         *     - `409 insufficient_balance` when the merchant's balance cannot cover the refund (the
         *       available balance, with what is still pending of the payment refunded).
         *
         *     Concurrent refunds never overdraw the balance nor refund more than the intent's amount.
         *     Send an `Idempotency-Key` so that a retry cannot refund twice; a reused key must repeat the
         *     same parameters (a retry of a refund sent without `amount` may write in the amount it
         *     refunded). See Idempotency.
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
         * @description Returns the merchant's balances in the key's mode. `available`: succeeded payments less
         *     their service fees (live ones once settled), less refunds and payouts, plus (in test mode)
         *     top-ups. `pending`: live payments' nets not settled yet. `in_transit`: payouts on their
         *     way to the bank. A refund draws on what is still pending of the payment it refunds first,
         *     then on the available balance; a payout only on the available balance.
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
    "/v1/balance/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List balance entries
         * @description The ledger entries behind the available balance in the key's mode, newest first: each
         *     succeeded payment (its amount less the service fee), each refund (negative) and each
         *     test-mode top-up. Their sum is the available balance. See Pagination.
         */
        get: operations["listBalanceEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance/entries/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the balance's entries as CSV
         * @description Every entry of the available balance in the key's mode, newest first, as CSV for a
         *     spreadsheet: UTF-8 with a byte-order mark, RFC 4180 quoting, and no cell a spreadsheet
         *     would run as a formula. Columns: `id`, `created_at`, `type` (as balance entries' `type`),
         *     `gross_ngn` (for a payment: what the customer paid), `fee_ngn` (the service fee kept),
         *     `net_ngn` (what reached the balance: negative for refunds and payouts), `balance_after_ngn`
         *     (the running balance), `payment_intent`, `refund`, `payout`, `description` (the payment's),
         *     `livemode`. Amounts are exact naira decimals. Streamed as it is read, whatever the number
         *     of entries.
         *     At most 2 exports of a merchant run at once (and a few per server): another is
         *     `429 rate_limited`, with `Retry-After`. A download that takes nothing for 30 seconds is
         *     ended unfinished.
         */
        get: operations["exportBalanceEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List banks
         * @description The Nigerian banks a payout can go to, by name, each with the `code` a payout account
         *     names it by. In live mode the list comes from the card processor (Paystack's banks that
         *     take transfers, fetched once an hour); in test mode it is a fixed list.
         */
        get: operations["listBanks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout_account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the payout account
         * @description The bank account payouts in the key's mode go to, with the name its bank gave for it. The
         *     account number is shown only as its last four digits.
         */
        get: operations["retrievePayoutAccount"];
        /**
         * Set the payout account
         * @description Sets the bank account payouts in the key's mode go to. The account is looked up at its bank
         *     first (Paystack's account resolution in live mode): its name is kept and shown, and a
         *     number that does not resolve is refused with `400 invalid_request` (`param`
         *     `account_number`), changing nothing. The full number is kept to pay into; it is shown
         *     only as its last four digits. Payouts already made keep the account they were made to.
         *
         *     In test mode, account `0000000000` does not resolve, `1111111111` resolves but its
         *     payouts fail, and every other 10-digit number succeeds.
         */
        put: operations["updatePayoutAccount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payouts
         * @description Lists the caller's payouts in the key's mode, newest first. See Pagination.
         */
        get: operations["listPayouts"];
        put?: never;
        /**
         * Pay out to the bank
         * @description Pays `amount` kobo of the available balance out to the payout account. In the same
         *     transaction the amount moves from the available balance to the in-transit one and the
         *     transfer is queued; the answer is `201` with the payout `pending`. A worker then sends the
         *     transfer (live mode: a Paystack transfer, with the payout's id as its `reference`, which
         *     Paystack refuses to take twice; after a lost answer the transfer is looked up before it
         *     would be sent again) and follows it: `in_transit` once the bank has it, `paid`
         *     when it arrives (`payout.paid`), or `failed` (`payout.failed`), which returns the amount
         *     to the available balance, once. Test mode settles after `TEST_PAYOUT_DELAY_SECONDS` (10).
         *
         *     Refused, with nothing moved:
         *     - `400 invalid_request` without a payout account (`PUT /v1/payout_account` first);
         *     - `409 insufficient_balance` when the available balance cannot cover it (the pending
         *       balance does not count: it is not settled yet).
         *
         *     Send an `Idempotency-Key` so that a retry cannot pay out twice. See Idempotency.
         */
        post: operations["createPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The payout's id.
                 * @example po_3k9x0c2m7d1q8w5e4r6t2y0u
                 */
                id: components["schemas"]["PayoutId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a payout
         * @description One of the caller's payouts, as it stands now.
         */
        get: operations["retrievePayout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Summarise a range of days
         * @description What the merchant's money did from `from` to `to`, both days included, in the merchant's
         *     time zone (`time_zone`, Africa/Lagos unless set otherwise), in the key's mode: the totals
         *     for the range, and `days`, one entry per day (zeros where nothing happened), oldest first.
         *     - `volume` and `count`: payments that succeeded that day, and their amounts.
         *     - `fees`: the service fees of those payments.
         *     - `refunded`: refunds made that day (a live refund the card processor failed is left out:
         *       its money came back).
         *     - `net`: `volume - fees - refunded`.
         *     Amounts are kobo strings. A range covers at most 366 days.
         */
        get: operations["retrieveReportSummary"];
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
         *     tried without first taking payments. Returns the balance after the top-up. Top-ups take a
         *     test balance to at most 10^17 kobo (NGN 1,000,000,000,000,000); one that would pass it is
         *     `400 invalid_request` (`param` `amount`). With a live key this endpoint does not exist
         *     (`404 resource_missing`).
         *
         *     Send an `Idempotency-Key` so that a retry cannot add the amount twice; a reused key must
         *     repeat the same `amount`. See Idempotency.
         */
        post: operations["topUpBalance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the webhook endpoint
         * @description Returns the webhook endpoint of the key's mode, without its signing secret (which is
         *     shown only when the endpoint is created and when the secret is rolled).
         *     `404 resource_missing` when none is configured in this mode.
         */
        get: operations["retrieveWebhookEndpoint"];
        /**
         * Set the webhook endpoint
         * @description Sets the URL of the merchant's webhook endpoint in the key's mode. There is one endpoint per
         *     merchant and mode, so this both creates and updates it:
         *     - with no endpoint yet, it creates one and answers `201` with its signing `secret`
         *       (`whsec_...`), which is returned only here and by
         *       `POST /v1/webhook_endpoint/roll_secret`: store it in your server's configuration;
         *     - with an endpoint already, it changes its URL and answers `200` without the secret (the
         *       signing secret does not change; if you no longer have it, roll it with
         *       `POST /v1/webhook_endpoint/roll_secret`). Every attempt from then on, retries of earlier
         *       events included, goes to the new URL.
         *
         *     The URL must be an absolute `https` URL of at most 2048 characters, without a user name or
         *     password (`400 invalid_request`, `param` `url`, otherwise). In live mode it must point at
         *     a public address: loopback, private, link-local, CGNAT (`100.64.0.0/10`), multicast and
         *     reserved IPv4 and IPv6 addresses are refused, and so is a hostname that resolves to one (a
         *     name that does not resolve yet is accepted, and checked at every attempt). Test mode
         *     applies the same rules unless the operator allows insecure targets, in which case `http`
         *     and private addresses (a receiver on your own machine or network) are accepted too. The
         *     address is checked again when each delivery connects, against what the hostname then
         *     resolves to, so a name that later resolves to a refused address gets failed attempts
         *     (`error` beginning `refused target`), never a request to that address.
         */
        put: operations["updateWebhookEndpoint"];
        post?: never;
        /**
         * Delete the webhook endpoint
         * @description Deletes the webhook endpoint of the key's mode and its signing secrets. Events keep being
         *     recorded (see Events), with `delivery_status` `no_endpoint`, but nothing is delivered; an
         *     earlier event still waiting for a retry becomes `no_endpoint` when its next attempt is due.
         *     A later `PUT /v1/webhook_endpoint` creates a new endpoint, with a new id and a new secret.
         *     `404 resource_missing` when none is configured in this mode.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoint/roll_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll the webhook signing secret
         * @description Gives the endpoint a new signing secret and returns it (only here: store it in your
         *     server's configuration). The previous secret keeps signing beside the new one for
         *     `expires_in` seconds (default 86400, one day; at most 604800, seven days; `0` retires it at
         *     once). During that overlap every delivery's `Service-Signature` carries two `v1` values, one
         *     per secret, so receivers that still hold the previous secret keep accepting events while
         *     you deploy the new one; `previous_secret_expires_at` says when the overlap ends. Rolling
         *     again during an overlap never extends it: each earlier secret still signing stops at the
         *     sooner of its own end and the new overlap's end, and adds its own `v1` until then.
         *
         *     The body is optional. `404 resource_missing` when no endpoint is configured in this mode.
         */
        post: operations["rollWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoint/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reveal the signing secret
         * @description Returns the webhook endpoint of the key's mode with its current signing `secret`, for when
         *     you set up a receiver again and no longer have it (rolling it would stop your running
         *     receiver's checks). A dashboard session must have typed its password again in the last 5
         *     minutes (`403 password_confirmation_required` otherwise). `404 resource_missing` when
         *     no endpoint is configured in this mode.
         */
        get: operations["retrieveWebhookEndpointSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoint/test_event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Records a `webhook.test` event (`data` is `{"test": true}`, no payment) in the key's mode
         *     and delivers it to the endpoint like any other event: at once, signed, and retried on the
         *     usual schedule if it fails (see Webhooks). Answers at once with the event; follow its
         *     delivery with `GET /v1/events/{id}` and `GET /v1/events/{id}/deliveries`. No request
         *     body. In test mode with no endpoint configured, the event is still recorded
         *     (`delivery_status` `no_endpoint`) and reaches the event stream (`GET /v1/events/stream`,
         *     `npx nairaflow listen`); in live mode that is `404 resource_missing`.
         */
        post: operations["sendWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoint/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend the events that were not delivered
         * @description Queues one new delivery attempt, now, to the endpoint of the key's mode, for every event
         *     created at or after `since` whose delivery has not succeeded: those that `failed`, were
         *     recorded while there was no endpoint (`no_endpoint`) or while it was disabled
         *     (`endpoint_disabled`), and those still `pending` whose next retry is later. Each event
         *     is queued once however often this is called: an event already waiting for an attempt due
         *     now is not queued again. Answers how many were queued; follow them with
         *     `GET /v1/events?delivery_status=pending`.
         *
         *     The use: your receiver was down, or its secret was wrong, for a while. Fix it, then
         *     recover from the time it broke instead of redelivering events one by one. An event that
         *     had used up its scheduled attempts gets this one attempt; an event that never had one gets
         *     the usual retries if it fails. `404 resource_missing` when no endpoint is configured in
         *     this mode; a disabled endpoint must be enabled first (set its URL again).
         */
        post: operations["recoverWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Lists the events of the key's mode, newest first, optionally only some: of one `type`,
         *     about one `payment_intent`, in one `delivery_status`, created in a time range
         *     (`created[gte]`, `created[lt]`); the filters combine, and paging keeps them. Every event is
         *     recorded and listed, whether or not a webhook endpoint was configured when it happened. Events and their delivery attempts are kept for 30 days (the operator's
         *     `EVENT_RETENTION_DAYS`), then forgotten; payment intents, refunds and the balance's
         *     entries are kept for good. See Pagination.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream events as they happen
         * @description The key's mode's events as they are committed, as
         *     [Server-Sent Events](https://html.spec.whatwg.org/multipage/server-sent-events.html): the
         *     way to see webhooks on a laptop with no public URL (`npx nairaflow listen` reads this
         *     stream and forwards each event to a local URL, signed like a real delivery). Test mode and
         *     live mode are separate streams: a test key never sees a live event.
         *
         *     The answer starts with `retry: 2000`, then each event is
         *     `id: <event id>`, `event: <type>` and `data: <the event's JSON>`, the exact bytes a
         *     webhook delivery of that event sends, on one line. A comment line (`: keep-alive`) comes
         *     every 15 seconds. Events come in one fixed order (that of the transactions that wrote
         *     them), which a resumed stream continues exactly; to order one payment intent's events,
         *     use their `sequence`. An event is sent once every transaction that began before it has
         *     ended, usually within milliseconds of its commit (a long transaction elsewhere on the
         *     database holds the stream back until it ends).
         *
         *     **Resuming.** Reconnect with the header `Last-Event-ID` set to the id of the last event you
         *     received (browsers' `EventSource` does this by itself): the stream starts with the events
         *     after it, and nothing committed meanwhile is missed, even an event whose transaction began
         *     before that one and committed after it. Without the header, the stream starts with the events
         *     committed from the moment it opens (list older ones with `GET /v1/events`), and it first
         *     sends `id: pos_...` with no data: its starting position, which sets the reader's last
         *     event id without being an event, so that a reader whose connection drops before the first
         *     event resumes from where it started, missing nothing.
         *
         *     **Starting from a time.** With `since` (and no `Last-Event-ID`), the stream starts with
         *     every event of the key's mode created at or after that time, then carries on with new ones
         *     as they are committed, each once: an event committed while the earlier ones are being sent
         *     is not missed. Such a stream sends no `pos_...` position: until its first event arrives,
         *     reconnect with the same `since`; after it, with `Last-Event-ID`. A reconnect that sends
         *     both resumes after `Last-Event-ID`, so a browser's `EventSource`, which reconnects with the
         *     same URL and the header, can use `since` too.
         *
         *     The stream ends when the service restarts (reconnect with `Last-Event-ID`) or when the key
         *     is rolled or revoked (a reconnect then answers 401). At most 10 streams per account and mode
         *     are open at once on each server.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
                 */
                id: components["parameters"]["EventIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description Returns the event, with `data` exactly as delivered, and how its delivery is going
         *     (`delivery_status`, `attempts`, `next_attempt_at`). An event of another merchant or of the
         *     other mode is `404 resource_missing`, as is an id that does not exist.
         */
        get: operations["retrieveEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
                 */
                id: components["parameters"]["EventIdPath"];
            };
            cookie?: never;
        };
        /**
         * List an event's deliveries
         * @description Lists every delivery attempt of the event, scheduled and manual, oldest first, with what
         *     the endpoint answered (`response_status`, the start of `response_body`) or why no 2xx came
         *     (`error`). An event that has had no attempt (no endpoint was configured, or its first
         *     attempt has not started yet) has an empty list.
         */
        get: operations["listEventDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
                 */
                id: components["parameters"]["EventIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver an event
         * @description Makes one delivery attempt of the event now, by hand (`trigger` `manual`), to the endpoint
         *     configured in the key's mode, waits for it (up to the 10-second webhook timeout) and
         *     answers `200` with the delivery it recorded, whether it succeeded or not: a failed
         *     delivery is not an HTTP error, so look at its `response_status` and `error`. An attempt
         *     that gets a 2xx makes the event `succeeded`, which ends its retries.
         *
         *     It works on any event, including one whose scheduled attempts have all failed (`failed`)
         *     or that happened while no endpoint was configured. A failed manual attempt leaves the
         *     retry schedule of an event that is still being retried as it was: it neither uses up nor
         *     postpones a scheduled attempt. No request body. `400 invalid_request` when no webhook
         *     endpoint is configured in this mode.
         */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the dashboard session
         * @description The signed-in user, their merchant and the session's `csrf_token`.
         */
        get: operations["retrieveSession"];
        put?: never;
        /**
         * Sign in to the dashboard
         * @description Signs a dashboard user in with their e-mail address and password and sets the session
         *     cookie `nf_session` (HttpOnly, SameSite=Strict, 12 hours). The answer carries the
         *     session's `csrf_token`, which every state-changing request of the session must send as
         *     `X-CSRF-Token`. Over HTTPS the cookie is `__Host-nf_session`, and `Secure`. A wrong e-mail
         *     or password is `401 invalid_credentials`, with no hint of which was wrong. After 5 wrong
         *     attempts for one e-mail address from one IP address within an hour (or 30 for any
         *     addresses from one IP address), each further attempt from there must wait first: 1
         *     second, then 2, 4, ... up to 15 minutes (`429 rate_limited` with `Retry-After`). A correct
         *     password signs in and clears the address's count.
         */
        post: operations["signIn"];
        /**
         * Sign out of the dashboard
         * @description Ends the session at once (the cookie stops working everywhere) and clears the cookie.
         */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/api/session/password_confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Type the password again
         * @description The signed-in user types their password again. For the next 5 minutes this session (and no
         *     other) may make the account changes that ask for it (`403 password_confirmation_required`
         *     otherwise): rolling a secret key, setting or deleting the webhook endpoint, rolling or
         *     revealing its signing secret, changing the payout bank account. Answers the session with
         *     its `password_confirmed_until`. A wrong password is `401 invalid_credentials` and is
         *     counted, and slowed down, as at sign-in (`429 rate_limited` with `Retry-After`); the
         *     session goes on.
         */
        post: operations["confirmPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/api/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign out everywhere
         * @description Ends every session of the signed-in user at once, in every browser it is signed in on (a
         *     session cookie copied elsewhere stops working too), and clears this browser's cookie.
         */
        delete: operations["signOutEverywhere"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/api/reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reconciliation notices
         * @description What the daily reconciliation against the card processor found about the merchant's live
         *     charges, payouts and refunds (newest day first, at most 50): each item missing on one
         *     side, or whose amount or status differs, with both sides' figures. Empty when every day
         *     matched.
         */
        get: operations["listReconciliationNotices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/api/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the secret keys
         * @description The merchant's active secret key of each mode, by its prefix and last four characters.
         *     The keys themselves are stored only as hashes and cannot be shown again.
         */
        get: operations["listApiKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/api/api_keys/{id}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The secret key's id (from the key list).
                 * @example key_Vb3nM5qW7eR9tY1uI3oP5aS7
                 */
                id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll a secret key
         * @description Replaces an active secret key with a new one of the same mode. The old key stops working
         *     at once; the new key is in this answer and never shown again. Rolling a key that was
         *     already rolled is `404 resource_missing`, so two people rolling at once cannot both
         *     succeed. The session must have typed its password again in the last 5 minutes
         *     (`403 password_confirmation_required` otherwise).
         */
        post: operations["rollApiKey"];
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
    "refund.destination_succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.destination_succeeded
         * @description A live refund reached the customer's card: the processor refunded it
         *     (`destination_status: succeeded`). The money left the merchant's balance when the refund
         *     was made (`refund.succeeded`); this says it arrived.
         */
        post: operations["refundDestinationSucceededWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.destination_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.destination_failed
         * @description A live refund could not reach the customer's card: the processor failed it for good
         *     (`destination_status: failed`). Its amount is back in the merchant's available balance (a
         *     `refund_failed` balance entry); the customer has not been paid. Refund them another way.
         */
        post: operations["refundDestinationFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payout.paid
         * @description A payout reached the merchant's bank: the processor's transfer succeeded (`status: paid`).
         *     Its amount has left the in-transit balance.
         */
        post: operations["payoutPaidWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payout.failed
         * @description A payout failed, or the bank sent it back after it was paid (a reversed transfer): its
         *     amount is back in the merchant's available balance, once (a `payout_failed` balance entry).
         *     `failure_code` says why: `account_invalid`, `transfer_failed`, `transfer_reversed` or
         *     `processor_configuration` (the processor asked for an OTP to approve transfers: turn that
         *     off in its dashboard).
         */
        post: operations["payoutFailedWebhook"];
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
         * @description A test event sent when the merchant asks for one (`POST /v1/webhook_endpoint/test_event`,
         *     or the dashboard's "Send test event"). It carries no payment (`data` is `{"test": true}`):
         *     answer it with 200.
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
                 *       a field is unknown, or an idempotency key was reused with different parameters
                 *       or on another endpoint.
                 *     - `payment_intent_unexpected_state` (400): the intent's status does not allow this.
                 *     - `invalid_api_key` (401): no key, a malformed key, an unknown or revoked key.
                 *     - `authentication_required` (401): the dashboard session is missing or has ended.
                 *     - `invalid_credentials` (401): a wrong e-mail address or password at sign-in.
                 *     - `csrf_token_invalid` (403): a dashboard request that changes something lacks
                 *       the session's CSRF token or came from another site.
                 *     - `password_confirmation_required` (403): a dashboard session must type its
                 *       password again for this account change.
                 *     - `resource_missing` (404): unknown id, another merchant's or the other mode's
                 *       object, or an unknown path.
                 *     - `method_not_allowed` (405): a known path with an unsupported method.
                 *     - `insufficient_balance` (409): the merchant's balance cannot cover a refund.
                 *     - `idempotency_key_in_use` (409): a request with the same key is in progress.
                 *     - `request_too_large` (413): the body is over 64 KiB.
                 *     - `request_headers_too_large` (431): the request line and headers are over 16 KB.
                 *     - `rate_limited` (429): too many requests from this IP address.
                 *     - `internal_error` (500): a fault on our side.
                 *     - `service_unavailable` (503): the service cannot answer now (its database is
                 *       restarting, say) or does not offer this (live payments on a deployment with no
                 *       live processor); nothing was changed. Retry after `Retry-After` seconds.
                 * @enum {string}
                 */
                code: "invalid_request" | "payment_intent_unexpected_state" | "invalid_api_key" | "authentication_required" | "invalid_credentials" | "csrf_token_invalid" | "password_confirmation_required" | "resource_missing" | "method_not_allowed" | "insufficient_balance" | "idempotency_key_in_use" | "request_too_large" | "request_headers_too_large" | "rate_limited" | "internal_error" | "service_unavailable";
                /** @description A human-readable explanation, for developers, not for customers. */
                message: string;
                /**
                 * Format: uri
                 * @description The entry for `code` in the API reference (/docs), on the server that answered.
                 * @example https://pay.example.com/docs#section/invalid_request
                 */
                doc_url: string;
                /**
                 * @description The one field at fault, when there is one, as a dotted path (`amount`,
                 *     `customer.email`, `card.number`) or a header name (`Idempotency-Key`).
                 */
                param?: string;
                /** @description The request's id; equals the response's `x-request-id` header. */
                request_id: string;
            };
        };
        /** @description One attempt to pay an intent, and how it ended. */
        PaymentAttempt: {
            /** @description The attempt's id, `att_` and 24 letters and digits. */
            id: string;
            payment_intent: components["schemas"]["PaymentIntentId"];
            /** @enum {string} */
            method: "card";
            /** @description The card used; its number is never stored. */
            card: {
                /** @description The card's network (`visa`, `mastercard`, `verve`, ...). */
                brand: string;
                last4: string;
            };
            /**
             * @description - `requires_otp`: waiting for the one-time password.
             *     - `requires_action`: waiting for another step the card issuer asked for (a PIN, a phone
             *       number, a birthday, an address: the intent's `next_action`).
             *     - `processing`: the card network has not answered yet.
             *     - `succeeded`: the intent was paid by this attempt.
             *     - `failed`: declined or otherwise failed (`failure_code` says why).
             *     - `abandoned`: a later attempt replaced it before it finished (a step never answered).
             * @enum {string}
             */
            status: "requires_otp" | "requires_action" | "processing" | "succeeded" | "failed" | "abandoned";
            /** @description Why a `failed` attempt failed (as the intent's `last_error`); null otherwise. */
            failure_code: components["schemas"]["AttemptFailureCode"] | null;
            /**
             * @description The attempt's reference at the card processor (in live mode with Paystack, the
             *     transaction reference in its dashboard: the attempt's id with `-` for `_`); null on
             *     attempts made before it was kept.
             */
            processor_reference: string | null;
            /**
             * @description What the card processor kept of a succeeded attempt, in kobo (it comes out of the
             *     service fee: the merchant is charged the service fee only); `"0"` in test mode; null
             *     until the attempt succeeds.
             */
            processor_fee: components["schemas"]["Kobo"] | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When the attempt ended; null while it is `requires_otp` or `processing`.
             */
            completed_at: string | null;
        };
        PaymentAttemptList: {
            /** @constant */
            object: "list";
            /** @description The attempts, oldest first. */
            data: components["schemas"]["PaymentAttempt"][];
            /** @description Always `false`; every attempt is listed. */
            has_more: boolean;
        };
        /**
         * @description A balance entry id, `le_` and 32 random hexadecimal digits.
         * @example le_3f9c2a71d04b4e8e9a5b6c7d8e9f0a1b
         */
        BalanceEntryId: string;
        /**
         * @description A signed integer number of kobo, as a string (`"-50000"` is minus NGN 500.00).
         * @example -50000
         */
        SignedKobo: string;
        /** @description One change to the available balance, as the ledger recorded it. */
        BalanceEntry: {
            id: components["schemas"]["BalanceEntryId"];
            /**
             * @description - `payment`: a succeeded test-mode payment, less its service fee (a live payment's net
             *       is pending first, and arrives as `settlement`).
             *     - `settlement`: a live payment's net, settled by the processor, moved from the pending
             *       balance (less what its refunds drew from it while pending).
             *     - `refund`: a refund paid from the balance (negative).
             *     - `refund_failed`: a live refund the processor failed for good, paid back (positive).
             *     - `payout`: a payout on its way to the merchant's bank (negative).
             *     - `payout_failed`: a payout that failed or was reversed, paid back (positive).
             *     - `top_up`: test funds added with `POST /v1/test_helpers/top_up`.
             * @enum {string}
             */
            type: "payment" | "settlement" | "refund" | "refund_failed" | "payout" | "payout_failed" | "top_up";
            /** @description The change to the available balance, in kobo; negative for refunds and payouts. */
            amount: components["schemas"]["SignedKobo"];
            /**
             * @description For a `payment`: the service fee kept from the payment before its net (`amount`)
             *     reached the balance, so the payment's gross is `amount` + `fee`. `"0"` for the other
             *     entries (a `settlement` arrives net of its payment's fee and of any refund made before
             *     it settled).
             */
            fee: components["schemas"]["Kobo"];
            /** @description The available balance right after this entry, in kobo (a running balance). */
            balance_after: components["schemas"]["SignedKobo"];
            /** @description The payment intent the entry belongs to; null for a top-up. */
            payment_intent: components["schemas"]["PaymentIntentId"] | null;
            /** @description The refund, for a `refund` or `refund_failed` entry; null otherwise. */
            refund: components["schemas"]["RefundId"] | null;
            /** @description The payout, for a `payout` or `payout_failed` entry; null otherwise. */
            payout: components["schemas"]["PayoutId"] | null;
            /** Format: date-time */
            created_at: string;
        };
        BalanceEntryList: {
            /** @constant */
            object: "list";
            /** @description The entries of this page, newest first. */
            data: components["schemas"]["BalanceEntry"][];
            /** @description Whether more entries exist beyond this page in the direction of travel. */
            has_more: boolean;
        };
        SignInRequest: {
            /** @description The dashboard user's e-mail address (case does not matter). */
            email: string;
            password: string;
        };
        PasswordConfirmationRequest: {
            /** @description The signed-in user's password. */
            password: string;
        };
        /** @description A signed-in dashboard session. */
        DashboardSession: {
            user: {
                id: string;
                email: string;
            };
            merchant: {
                id: string;
                name: string;
                logo_url: string | null;
            };
            /** @description Send it as `X-CSRF-Token` on every state-changing request of this session. */
            csrf_token: string;
            /**
             * Format: date-time
             * @description When the session ends at the latest (12 hours after sign-in); it ends sooner after
             *     the operator's idle limit (`DASHBOARD_IDLE_TIMEOUT_SECONDS`, 30 minutes by default)
             *     without a request.
             */
            expires_at: string;
            /**
             * Format: date-time
             * @description Until when the password typed again in this session
             *     (`POST /dashboard/api/session/password_confirmation`) lets it make the account changes
             *     that ask for it; null when it was not typed again, or no longer holds. Signing in does
             *     not count.
             */
            password_confirmed_until: string | null;
        };
        /** @description A secret key, by its prefix and last four characters. */
        ApiKey: {
            id: components["schemas"]["ApiKeyId"];
            livemode: boolean;
            /** @enum {string} */
            prefix: "sk_test_" | "sk_live_";
            last4: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A new secret key, with the key itself; shown once. */
        ApiKeyWithSecret: {
            id: components["schemas"]["ApiKeyId"];
            livemode: boolean;
            /** @enum {string} */
            prefix: "sk_test_" | "sk_live_";
            last4: string;
            /** Format: date-time */
            created_at: string;
            /** @description The secret key. Store it now; it cannot be shown again. */
            secret: string;
        };
        ApiKeyList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["ApiKey"][];
            /** @description Always `false`. */
            has_more: boolean;
        };
        /**
         * @description A secret key's id, `key_` and 24 letters and digits.
         * @example key_Vb3nM5qW7eR9tY1uI3oP5aS7
         */
        ApiKeyId: string;
        /**
         * @description A payment intent id, `pi_` and 24 letters and digits.
         * @example pi_2JIglADXcZSH0YR87yZi3eO4
         */
        PaymentIntentId: string;
        Bank: {
            /** @description The bank's code, a string of digits (leading zeros count), as a payout account names it. */
            code: string;
            name: string;
        };
        BankList: {
            /** @constant */
            object: "list";
            /** @description Every bank, by name. */
            data: components["schemas"]["Bank"][];
            /**
             * @description Always false: every bank is in one answer.
             * @constant
             */
            has_more: false;
        };
        /** @description Where payouts go in one mode. */
        PayoutAccount: {
            livemode: boolean;
            bank_code: string;
            bank_name: string;
            /** @description The account's name as its bank gave it. */
            account_name: string;
            /** @description The account number's last four digits (the number itself is never shown). */
            account_last4: string;
            /** Format: date-time */
            updated_at: string;
        };
        UpdatePayoutAccountRequest: {
            /** @description The bank's `code` from `GET /v1/banks`, as a string (`"058"`). */
            bank_code: string;
            /** @description The 10-digit account number (NUBAN), as a string. */
            account_number: string;
        };
        CreatePayoutRequest: {
            /** @description How much to pay out, in kobo (from 1 to 10^15). */
            amount: number;
        };
        /** @description Money on its way from the available balance to the merchant's bank account. */
        Payout: {
            id: components["schemas"]["PayoutId"];
            livemode: boolean;
            amount: components["schemas"]["Kobo"];
            /**
             * @description - `pending`: queued; the amount has left the available balance and is in transit.
             *     - `in_transit`: the transfer is with the bank.
             *     - `paid`: it arrived (`payout.paid`).
             *     - `failed`: it failed or was sent back (`payout.failed`); the amount is back in the
             *       available balance. A payout `paid` can still become `failed` when the receiving
             *       bank sends the money back.
             * @enum {string}
             */
            status: "pending" | "in_transit" | "paid" | "failed";
            /** @description Why it failed, or why it waits (`processor_configuration`); null otherwise. */
            failure_code: components["schemas"]["PayoutFailureCode"] | null;
            bank_code: string;
            bank_name: string;
            account_name: string;
            account_last4: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            paid_at: string | null;
            /** Format: date-time */
            failed_at: string | null;
        };
        PayoutList: {
            /** @constant */
            object: "list";
            /** @description The payouts of this page, newest first. */
            data: components["schemas"]["Payout"][];
            has_more: boolean;
        };
        ReconciliationNoticeList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["ReconciliationNotice"][];
            has_more: boolean;
        };
        /** @description One difference between our record of a day and the processor's. */
        ReconciliationNotice: {
            /**
             * Format: date
             * @description The day (in Lagos) the run compared.
             */
            date: string;
            /**
             * @description A card charge (a payment attempt), a payout's transfer, or a refund.
             * @enum {string}
             */
            kind: "charge" | "transfer" | "refund";
            /** @description The item's reference at the processor (an attempt's, a payout's id, a refund's processor id). */
            reference: string;
            /**
             * @description - `missing_ours`: the processor has it; we do not.
             *     - `missing_theirs`: we have it; the processor does not.
             *     - `amount`: the amounts differ.
             *     - `status`: one side says it succeeded (or failed), the other not.
             * @enum {string}
             */
            problem: "missing_ours" | "missing_theirs" | "amount" | "status";
            ours_amount: components["schemas"]["Kobo"] | null;
            ours_status: string | null;
            processor_amount: components["schemas"]["Kobo"] | null;
            processor_status: string | null;
        };
        /** @description One day's figures, in the merchant's time zone. */
        ReportDay: {
            /** Format: date */
            date: string;
            /** @description The amounts of the payments that succeeded that day, in kobo. */
            volume: components["schemas"]["Kobo"];
            /** @description How many payments succeeded that day. */
            count: number;
            /** @description Their service fees, in kobo. */
            fees: components["schemas"]["Kobo"];
            /** @description Refunds made that day, in kobo. */
            refunded: components["schemas"]["Kobo"];
            /** @description `volume - fees - refunded`, in kobo (negative on a day with more refunded than taken). */
            net: components["schemas"]["SignedKobo"];
        };
        /** @description A range's totals (at the top level) and its days. */
        ReportSummary: {
            livemode: boolean;
            currency: components["schemas"]["Currency"];
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            /** @description The merchant's time zone, in which the days begin and end (an IANA name). */
            time_zone: string;
            volume: components["schemas"]["Kobo"];
            count: number;
            fees: components["schemas"]["Kobo"];
            refunded: components["schemas"]["Kobo"];
            net: components["schemas"]["SignedKobo"];
            /** @description One entry per day of the range, oldest first. */
            days: components["schemas"]["ReportDay"][];
        };
        /**
         * @description Why a payout failed (or, for `processor_configuration`, why a `pending` one waits):
         *     - `account_invalid`: the bank account cannot take transfers (test mode: account `1111111111`).
         *     - `transfer_failed`: the processor's transfer failed.
         *     - `transfer_reversed`: the receiving bank sent the money back after it was paid.
         *     - `processor_configuration`: the processor asked for an OTP to approve the transfer
         *       (Paystack's Transfers OTP): turn it off in the processor's dashboard; the payout is not
         *       retried by itself.
         * @enum {string}
         */
        PayoutFailureCode: "account_invalid" | "transfer_failed" | "transfer_reversed" | "processor_configuration";
        /**
         * @description A payout's id, `po_` and 24 lower-case letters and digits (it is also the transfer's reference at the processor).
         * @example po_3k9x0c2m7d1q8w5e4r6t2y0u
         */
        PayoutId: string;
        /**
         * @description A refund id, `re_` and 24 letters and digits.
         * @example re_JurEN7BwFUda4lR3dP5WbDqI
         */
        RefundId: string;
        /**
         * @description A webhook endpoint id, `we_` and 24 letters and digits.
         * @example we_pFXiTHNwcK5iTGRKTXYTH6vS
         */
        WebhookEndpointId: string;
        /**
         * @description An event id, `evt_` and 24 letters and digits.
         * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
         */
        EventId: string;
        /**
         * @description A webhook delivery attempt's id, `whd_` and 24 letters and digits.
         * @example whd_vaUAE4BoTQ1Cw6IOzgfbU4FI
         */
        DeliveryId: string;
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
         * @description Why a payment attempt failed:
         *     - `card_declined`: the card's bank declined it.
         *     - `insufficient_funds`: the card has too little money.
         *     - `invalid_otp`: the one-time code the customer typed was wrong.
         *     - `processor_declined`: the card processor refused it (live mode).
         *     - `test_card_in_live_mode`: a test card was used on a live payment.
         *     - `balance_limit_reached`: approved, but a balance it would move is at its limit; nothing
         *       was charged.
         *     More codes may be added (within a version, as new values): show an unknown one as it is.
         * @enum {string}
         */
        AttemptFailureCode: "card_declined" | "insufficient_funds" | "invalid_otp" | "processor_declined" | "test_card_in_live_mode" | "balance_limit_reached";
        /**
         * @description How a payment stands, in the words a merchant reads it in (the dashboard, the list's
         *     `status` filter and the CSV export all use this one mapping):
         *     - `succeeded`: paid, nothing refunded.
         *     - `partially_refunded`: paid, part of it refunded.
         *     - `refunded`: paid, and all of it refunded (the service fee is kept).
         *     - `failed`: unpaid, and its last attempt was declined (`last_error` says why); the customer
         *       may still try again until it expires.
         *     - `processing`: with the processor; the outcome follows shortly.
         *     - `awaiting_payment`: unpaid, no attempt declined yet.
         *     - `expired`: unpaid when it expired.
         *     - `canceled`: canceled before it was paid (`cancellation_reason` says why).
         * @enum {string}
         */
        PaymentIntentDisplayStatus: "succeeded" | "partially_refunded" | "refunded" | "failed" | "processing" | "awaiting_payment" | "expired" | "canceled";
        /**
         * @description A `display_status`, or `requires_authentication`: every open unpaid intent (awaiting
         *     payment or failed, and one past its expiry that the expiry sweep has not canceled yet).
         * @enum {string}
         */
        PaymentIntentStatusFilter: "succeeded" | "partially_refunded" | "refunded" | "failed" | "processing" | "awaiting_payment" | "expired" | "canceled" | "requires_authentication";
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
            /**
             * @description Your page to bring the customer back to, such as the order's page in your shop: an
             *     absolute `https://` URL (`http://` is accepted in test mode only), with no user name or
             *     password and no `payment_intent` query parameter of its own. After a successful
             *     payment the payment sheet sends the customer there with `payment_intent=<id>` added to
             *     the query (`https://shop.example.com/orders/1042?payment_intent=pi_...`; your own query
             *     and fragment are kept). While the intent is unpaid, and after it is canceled or
             *     expires, the sheet offers a "Back to" link to it exactly as given. The sheet never sends
             *     the customer to any other address. Arriving there proves nothing: retrieve the intent
             *     (or wait for `payment_intent.succeeded`) before you fulfil the order. Without a
             *     `return_url` the sheet ends on its own receipt. Anything else (`javascript:`, a relative
             *     URL, `http://` in live mode) is refused with `400 invalid_request`, `param: return_url`.
             */
            return_url?: string;
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
            display_status: components["schemas"]["PaymentIntentDisplayStatus"];
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
            /**
             * Format: uri
             * @description The hosted payment sheet for this intent (the service's public address, `/pay/` and the
             *     `client_secret`): send the customer there, or open it in a web view. It carries the
             *     client secret, so it is returned only where `client_secret` is.
             */
            payment_url?: string;
            /** @description How much of the amount has been refunded, in kobo (`"0"` when nothing). */
            amount_refunded: components["schemas"]["Kobo"];
            /** @description The platform's fee in kobo, charged on success; null until then. */
            service_fee: components["schemas"]["Kobo"] | null;
            /**
             * @description Why the intent was canceled; null unless it was. `too_many_failed_attempts`: its
             *     customer's payment attempts (declined cards, wrong OTPs) failed too often, so it can no
             *     longer be paid (see Checkout).
             * @enum {string|null}
             */
            cancellation_reason: "requested_by_merchant" | "expired" | "too_many_failed_attempts" | null;
            /** @description Why the last payment attempt failed; null when none has. */
            last_error: components["schemas"]["AttemptFailureCode"] | null;
            /** @description What the customer must do next in the payment sheet, or null. */
            next_action: components["schemas"]["NextAction"] | null;
            /**
             * Format: uri
             * @description The page the payment sheet brings the customer back to, as given at creation; null
             *     when none was (see `return_url` in the create request).
             */
            return_url: string | null;
        };
        /**
         * @description A step the card issuer asks of the customer before it answers; the customer answers it
         *     with `POST /v1/payment_intents/{id}/authenticate`, sending the field named like the type.
         *     Test mode asks only for an OTP (the test card `5060 6666 6666 6666 666`); a live processor
         *     may ask for any of them, and for more than one in turn (a PIN, then an OTP).
         */
        NextAction: {
            /**
             * @description - `pin`: the card's 4-digit PIN (`pin`).
             *     - `otp`: the one-time password the card issuer sent (`otp`).
             *     - `phone`: the phone number the card's bank knows (`phone`).
             *     - `birthday`: the cardholder's date of birth (`birthday`, YYYY-MM-DD).
             *     - `address`: the card's billing address (`address`: street, city, state, zip_code).
             * @enum {string}
             */
            type: "pin" | "otp" | "phone" | "birthday" | "address";
            /**
             * @description What to tell the customer: the processor's own words where it gives them (made plain
             *     text, one line, at most 200 characters), ours otherwise.
             */
            message: string;
        };
        /** @description A payment intent as create returns it, with its `client_secret` and `payment_url`. */
        CreatedPaymentIntent: WithRequired<components["schemas"]["PaymentIntent"], "client_secret" | "payment_url">;
        PaymentIntentList: {
            /** @constant */
            object: "list";
            /** @description The intents of this page, newest first, without `client_secret`. */
            data: components["schemas"]["PaymentIntent"][];
            /** @description Whether more intents exist beyond this page in the direction of travel. */
            has_more: boolean;
            /** @description With `include=totals`, the figures of every intent the filter finds (all pages). */
            totals?: {
                /** @description How many intents the filter finds. */
                count: number;
                /** @description The amounts of the succeeded ones, in kobo. */
                volume: components["schemas"]["Kobo"];
                /** @description Their service fees, in kobo. */
                fees: components["schemas"]["Kobo"];
                /** @description What was refunded of them, in kobo. */
                refunded: components["schemas"]["Kobo"];
                /** @description `volume - fees - refunded`, in kobo. */
                net: components["schemas"]["SignedKobo"];
            };
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
             * @description What the customer must do next, or null: a step the card issuer asks for before it
             *     answers (`{"type": "otp", "message": "..."}`), answered with
             *     `POST /v1/payment_intents/{id}/authenticate` (or, for an OTP, `.../otp`).
             */
            next_action: components["schemas"]["NextAction"] | null;
            /**
             * @description Why the last payment attempt failed; null when none has. The customer may try again
             *     while the status is `requires_authentication`.
             */
            last_error: components["schemas"]["AttemptFailureCode"] | null;
            /**
             * @description `true` when the intent has no customer e-mail, so confirm must send `email` (a refund
             *     is paid to the customer's balance, which is keyed by e-mail).
             */
            needs_email: boolean;
            /**
             * @description Why a `canceled` intent was canceled, so the sheet can say so: `requested_by_merchant`,
             *     `expired`, or `too_many_failed_attempts` (its customer's payment attempts failed too
             *     often; it can no longer be paid). Null while it is not canceled.
             * @enum {string|null}
             */
            cancellation_reason: "requested_by_merchant" | "expired" | "too_many_failed_attempts" | null;
            /**
             * Format: uri
             * @description The merchant's page to bring the customer back to, exactly as the merchant gave it when
             *     creating the intent, or null. After a success the sheet sends the customer there with
             *     `payment_intent=<id>` added to its query; while the intent is unpaid (or once it is
             *     canceled or expired) it offers "Back to `merchant_name`", a link to it as it is. The
             *     sheet takes this address from here only, never from its own URL.
             */
            return_url: string | null;
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
        /** @description The client secret and exactly one answer, the one `next_action.type` names. */
        AuthenticatePaymentIntentRequest: {
            client_secret: components["schemas"]["ClientSecret"];
            /** @description The card's PIN, 4 digits. Sent to the processor; never kept or logged. */
            pin?: string;
            /** @description The one-time password the card issuer sent the customer, 4 to 8 digits. */
            otp?: string;
            /** @description The phone number the card's bank knows, 7 to 15 digits, maybe with a leading `+`. */
            phone?: string;
            /**
             * Format: date
             * @description The cardholder's date of birth, YYYY-MM-DD.
             */
            birthday?: string;
            /** @description The card's billing address. */
            address?: {
                street: string;
                city: string;
                state: string;
                zip_code: string;
            };
        };
        SubmitPaymentIntentOtpRequest: {
            client_secret: components["schemas"]["ClientSecret"];
            /** @description The one-time password the card issuer sent the customer, 4 to 8 digits. */
            otp: string;
        };
        /** @description The merchant's balances in one mode. */
        Balance: {
            /** @description The mode of the balance (the key's mode). */
            livemode: boolean;
            currency: components["schemas"]["Currency"];
            /**
             * @description What the merchant has available, in kobo: payouts are paid from it, and refunds (with
             *     the pending balance of the payment they refund).
             */
            available: components["schemas"]["Kobo"];
            /**
             * @description Live payments' nets the processor has not settled yet, in kobo; each becomes available
             *     when the processor reports it settled, or `LIVE_SETTLEMENT_DAYS` (1) after it
             *     succeeded. Always `"0"` in test mode, where payments are available at once.
             */
            pending: components["schemas"]["Kobo"];
            /** @description Payouts on their way to the merchant's bank account, in kobo. */
            in_transit: components["schemas"]["Kobo"];
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
         * @description A refund of all or part of a succeeded payment, paid from the merchant's balance to the
         *     customer's balance, and in live mode on to the card (`destination_status`).
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
            /**
             * @description The refund's way back to the customer's card: in live mode it is sent to the card
             *     processor once the refund is made, and tracked to the end.
             *     - `pending`: sent (or about to be sent) to the processor, which has not finished it.
             *     - `succeeded`: the processor refunded the card (`refund.destination_succeeded`).
             *     - `failed`: the processor failed it for good: the amount is back in the merchant's
             *       available balance (`refund.destination_failed`, a `refund_failed` balance entry).
             *     Test mode (and the sandbox) moves no card money: `succeeded` at once.
             * @enum {string}
             */
            destination_status: "pending" | "succeeded" | "failed";
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
        UpdateWebhookEndpointRequest: {
            /**
             * Format: uri
             * @description Where to `POST` events: an absolute URL. In live mode `https` and a public address
             *     (see `PUT /v1/webhook_endpoint`).
             */
            url: string;
        };
        RollWebhookEndpointSecretRequest: {
            /**
             * @description How many seconds the previous secret keeps signing beside the new one, 0 to 604800
             *     (seven days); `0` retires it at once. During the overlap `Service-Signature` carries
             *     two `v1` values.
             * @default 86400
             */
            expires_in: number;
        };
        /**
         * @description The merchant's webhook endpoint in one mode, where that mode's events are delivered. Its
         *     signing secret is not included: it is returned only when the endpoint is created and when
         *     the secret is rolled (`WebhookEndpointWithSecret`).
         */
        WebhookEndpoint: {
            id: components["schemas"]["WebhookEndpointId"];
            /** @description `false` for the test-mode endpoint, `true` for the live-mode one. */
            livemode: boolean;
            /**
             * Format: uri
             * @description Where events are `POST`ed.
             */
            url: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When the URL or the signing secret last changed.
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description While the overlap after a secret roll lasts, when the last previous secret stops
             *     signing deliveries; null when only the current secret is active.
             */
            previous_secret_expires_at: string | null;
            /**
             * Format: date-time
             * @description When the endpoint's current run of failed deliveries began (no attempt has succeeded
             *     since); null when the last attempt succeeded. An endpoint failing for 5 days is
             *     disabled.
             */
            failing_since: string | null;
            /**
             * Format: date-time
             * @description When the endpoint was disabled because no delivery to it succeeded for 5 days; null
             *     while it is enabled. A disabled endpoint is sent nothing: its events are recorded with
             *     `delivery_status: endpoint_disabled` (they can still be redelivered by hand). Set its
             *     URL again (`PUT /v1/webhook_endpoint`, the same URL will do) to enable it.
             */
            disabled_at: string | null;
            /** @description Why the endpoint was disabled, in words; null while it is enabled. */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description When a delivery to the endpoint last succeeded (to within a minute); null if none has yet.
             */
            last_succeeded_at: string | null;
            /**
             * @description While the endpoint is failing (`failing_since`) or disabled: what its last failed
             *     delivery met, in words, with what to do about it ("The endpoint answered 401 ..."); null
             *     otherwise. Setting the URL again does not clear `failing_since` and `last_error`: only a
             *     delivery that succeeds does.
             */
            last_error: string | null;
        };
        /**
         * @description The webhook endpoint with its signing secret, as creating the endpoint
         *     (`PUT /v1/webhook_endpoint` answering `201`) and rolling its secret return it. Nothing
         *     else ever returns the secret.
         */
        WebhookEndpointWithSecret: {
            id: components["schemas"]["WebhookEndpointId"];
            /** @description `false` for the test-mode endpoint, `true` for the live-mode one. */
            livemode: boolean;
            /**
             * Format: uri
             * @description Where events are `POST`ed.
             */
            url: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When the URL or the signing secret last changed.
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description While the overlap after a secret roll lasts, when the last previous secret stops
             *     signing deliveries; null when only the current secret is active.
             */
            previous_secret_expires_at: string | null;
            /**
             * Format: date-time
             * @description When the endpoint's current run of failed deliveries began (no attempt has succeeded
             *     since); null when the last attempt succeeded. An endpoint failing for 5 days is
             *     disabled.
             */
            failing_since: string | null;
            /**
             * Format: date-time
             * @description When the endpoint was disabled because no delivery to it succeeded for 5 days; null
             *     while it is enabled. A disabled endpoint is sent nothing: its events are recorded with
             *     `delivery_status: endpoint_disabled` (they can still be redelivered by hand). Set its
             *     URL again (`PUT /v1/webhook_endpoint`, the same URL will do) to enable it.
             */
            disabled_at: string | null;
            /** @description Why the endpoint was disabled, in words; null while it is enabled. */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description When a delivery to the endpoint last succeeded; null if none has yet.
             */
            last_succeeded_at: string | null;
            /** @description What the last failed delivery met, in words, while the endpoint is failing or disabled; null otherwise. */
            last_error: string | null;
            /**
             * @description The signing secret, `whsec_` and 32 letters and digits: the key of the HMAC in every
             *     delivery's `Service-Signature`. Shown once; store it in your server's configuration,
             *     never in code or logs.
             */
            secret: string;
        };
        DeletedWebhookEndpoint: {
            id: components["schemas"]["WebhookEndpointId"];
            /** @constant */
            deleted: true;
        };
        RecoverRequest: {
            /**
             * @description The events created at or after this time: Unix seconds (as events' `created`), or an
             *     RFC 3339 date-time.
             */
            since: number | string;
        };
        WebhookRecovery: {
            /** @constant */
            object: "webhook_recovery";
            /** @description The `since` asked for, in Unix seconds. */
            since: number;
            /** @description How many events were queued for a new attempt. */
            queued: number;
        };
        /**
         * @description On every event about a payment intent (its payment, failure, cancellation and refunds):
         *     1 for the intent's first event, then one more for each next one, in the order they
         *     happened (in the order their changes were committed). Events can arrive out of order or
         *     more than once: keep the highest `sequence` of the `payment_intent.*` events you have
         *     applied for each intent, and drop one whose `sequence` is not above it, for the state it
         *     reports is older than what you know (a failed attempt delivered after the success).
         *     `refund.succeeded` events are facts to add up by refund id whatever their order: apply
         *     them even when their `sequence` is lower. Events about nothing in particular
         *     (`webhook.test`) have none.
         */
        EventSequence: number;
        /**
         * @description Where an event's webhook delivery stands:
         *     - `pending`: being delivered, or waiting for a retry.
         *     - `succeeded`: an attempt got a 2xx answer.
         *     - `failed`: every scheduled attempt failed; no more are scheduled
         *       (`POST /v1/events/{id}/redeliver` still works).
         *     - `no_endpoint`: no webhook endpoint was configured in this mode when the event
         *       happened, or when its next scheduled attempt was due (the endpoint had been
         *       deleted), so it was not sent.
         *     - `endpoint_disabled`: the endpoint was disabled (no delivery to it succeeded for 5
         *       days) when the event happened or before it was delivered, so it was not sent;
         *       redeliver it by hand once the endpoint works again.
         * @enum {string}
         */
        DeliveryStatus: "pending" | "succeeded" | "failed" | "no_endpoint" | "endpoint_disabled";
        /**
         * @description The kind of event; the Webhooks section shows each one's `data`.
         *     - `payment_intent.succeeded`: a payment succeeded.
         *     - `payment_intent.failed`: a payment attempt failed; the intent stays open.
         *     - `payment_intent.canceled`: an intent was canceled or expired unpaid.
         *     - `refund.succeeded`: a refund was paid.
         *     - `refund.destination_succeeded`: a live refund reached the customer's card.
         *     - `refund.destination_failed`: a live refund could not reach the card; its amount is back in the balance.
         *     - `payout.paid`: a payout reached the merchant's bank.
         *     - `payout.failed`: a payout failed (or was reversed); its amount is back in the balance.
         *     - `webhook.test`: a test event (`POST /v1/webhook_endpoint/test_event`).
         * @enum {string}
         */
        EventType: "payment_intent.succeeded" | "payment_intent.failed" | "payment_intent.canceled" | "refund.succeeded" | "refund.destination_succeeded" | "refund.destination_failed" | "payout.paid" | "payout.failed" | "webhook.test";
        /**
         * @description An event as the API returns it: the envelope every delivery of it sends (`id`, `type`,
         *     `created`, `livemode`, `data`: the `Event` a webhook receives) and how its delivery is
         *     going.
         */
        EventResource: {
            id: components["schemas"]["EventId"];
            type: components["schemas"]["EventType"];
            /** @description When the event happened, Unix time in seconds. */
            created: number;
            /** @description `false` in test mode, `true` in live mode. */
            livemode: boolean;
            sequence?: components["schemas"]["EventSequence"];
            /**
             * @description The event's payload, exactly as delivered; its fields depend on `type` (see each event
             *     in the Webhooks section).
             */
            data: Record<string, unknown>;
            delivery_status: components["schemas"]["DeliveryStatus"];
            /** @description How many delivery attempts the event has had so far, manual ones included. */
            attempts: number;
            /**
             * Format: date-time
             * @description When the next scheduled attempt is due while `delivery_status` is `pending`; null
             *     otherwise.
             */
            next_attempt_at: string | null;
        };
        EventList: {
            /** @constant */
            object: "list";
            /** @description The events of this page, newest first. */
            data: components["schemas"]["EventResource"][];
            /** @description Whether more events exist beyond this page in the direction of travel. */
            has_more: boolean;
        };
        /** @description One delivery attempt of an event: what was dialled, when, and what came back. */
        Delivery: {
            id: components["schemas"]["DeliveryId"];
            /** @description The delivered event. */
            event: components["schemas"]["EventId"];
            /** @description The attempt's number, counted per event across scheduled and manual attempts. */
            attempt: number;
            /**
             * @description `scheduled`: the first attempt or a retry of the schedule. `manual`: made by
             *     `POST /v1/events/{id}/redeliver`.
             * @enum {string}
             */
            trigger: "scheduled" | "manual";
            /** @description The URL dialled (the endpoint's URL at the time of the attempt). */
            url: string;
            /**
             * Format: date-time
             * @description When the attempt started (the signature's `t` is the attempt's time, in Unix seconds).
             */
            started_at: string;
            /** @description How long the attempt took, in milliseconds. */
            duration_ms: number;
            /**
             * @description The HTTP status the endpoint answered; null when no HTTP answer came (timeout,
             *     connection or TLS error, refused target).
             */
            response_status: number | null;
            /**
             * @description The first 4 KiB of the answer's body, as text, with control characters shown as
             *     U+FFFD; a compressed or binary answer is named instead (`[gzip-encoded answer, 512
             *     bytes, not shown]`). Null when no HTTP answer came.
             */
            response_body: string | null;
            /**
             * @description Why the attempt failed when no 2xx came, in a few words: for example
             *     `timed out after 10000 ms without an answer`, `connection refused`,
             *     `redirect (301) not followed`, `the endpoint answered 500`, `TLS error: ...` or
             *     `refused target: ...` (the address is private or otherwise not allowed). Null when
             *     the attempt succeeded.
             */
            error: string | null;
            /**
             * Format: date-time
             * @description After a failed scheduled attempt, when the next scheduled attempt is due; null when
             *     this attempt succeeded, when it was the last scheduled one (the event is then
             *     `failed`), and for manual attempts, which do not move the schedule.
             */
            next_attempt_at: string | null;
            /**
             * @description How far the receiver's clock was ahead of Nairaflow's (behind when negative), in whole
             *     seconds, read from the `Date` header of its answer; null when no answer came or it had
             *     no `Date`. A receiver checks the signature's time against its own clock and refuses
             *     one more than 5 minutes (300 s) away, so a skew that grows is a receiver about to fail
             *     every delivery: the dashboard warns from 60 seconds. Fix it by syncing the clock (NTP).
             */
            receiver_clock_skew_seconds: number | null;
        };
        DeliveryList: {
            /** @constant */
            object: "list";
            /** @description The event's delivery attempts, oldest first. */
            data: components["schemas"]["Delivery"][];
            /**
             * @description Whether the event has more delivery attempts than this list holds; every attempt is
             *     listed, so it is `false`.
             */
            has_more: boolean;
        };
        /**
         * @description What every event has. `type` decides the shape of `data`; see the Webhooks section for each
         *     type. Events may be delivered more than once: use `id` to de-duplicate.
         */
        EventEnvelope: {
            id: components["schemas"]["EventId"];
            type: components["schemas"]["EventType"];
            /** @description When the event happened, Unix time in seconds. */
            created: number;
            /** @description The mode of the object the event is about. */
            livemode: boolean;
            sequence?: components["schemas"]["EventSequence"];
            /** @description The payload; its fields depend on `type`. */
            data: Record<string, unknown>;
        };
        /** @description Any event the service sends, told apart by `type`. */
        Event: components["schemas"]["EventEnvelope"] & (components["schemas"]["PaymentIntentSucceededEvent"] | components["schemas"]["PaymentIntentFailedEvent"] | components["schemas"]["PaymentIntentCanceledEvent"] | components["schemas"]["RefundSucceededEvent"] | components["schemas"]["RefundDestinationSucceededEvent"] | components["schemas"]["RefundDestinationFailedEvent"] | components["schemas"]["PayoutPaidEvent"] | components["schemas"]["PayoutFailedEvent"] | components["schemas"]["WebhookTestEvent"]);
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
            sequence: components["schemas"]["EventSequence"];
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
            sequence: components["schemas"]["EventSequence"];
            data: {
                id: components["schemas"]["PaymentIntentId"];
                last_error: components["schemas"]["AttemptFailureCode"];
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
            sequence: components["schemas"]["EventSequence"];
            data: {
                id: components["schemas"]["PaymentIntentId"];
                /** @enum {string} */
                cancellation_reason: "requested_by_merchant" | "expired" | "too_many_failed_attempts";
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
            sequence: components["schemas"]["EventSequence"];
            data: {
                id: components["schemas"]["RefundId"];
                payment_intent: components["schemas"]["PaymentIntentId"];
                /** @description The refunded amount, in kobo. */
                amount: components["schemas"]["Kobo"];
            };
        };
        /** @description Sent when a live refund has reached the customer's card. */
        RefundDestinationSucceededEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "refund.destination_succeeded";
            /** @description Unix time in seconds. */
            created: number;
            livemode: boolean;
            sequence: components["schemas"]["EventSequence"];
            data: {
                id: components["schemas"]["RefundId"];
                payment_intent: components["schemas"]["PaymentIntentId"];
                /** @description The refunded amount, in kobo. */
                amount: components["schemas"]["Kobo"];
                /** @constant */
                destination_status: "succeeded";
            };
        };
        /** @description Sent when a live refund could not reach the customer's card; its amount is back in the merchant's balance. */
        RefundDestinationFailedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "refund.destination_failed";
            /** @description Unix time in seconds. */
            created: number;
            livemode: boolean;
            sequence: components["schemas"]["EventSequence"];
            data: {
                id: components["schemas"]["RefundId"];
                payment_intent: components["schemas"]["PaymentIntentId"];
                /** @description The refunded amount, in kobo. */
                amount: components["schemas"]["Kobo"];
                /** @constant */
                destination_status: "failed";
            };
        };
        /** @description Sent when a payout has reached the merchant's bank. */
        PayoutPaidEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "payout.paid";
            /** @description Unix time in seconds. */
            created: number;
            livemode: boolean;
            data: {
                id: components["schemas"]["PayoutId"];
                /** @description The payout's amount, in kobo. */
                amount: components["schemas"]["Kobo"];
                /** @constant */
                status: "paid";
                failure_code: null;
            };
        };
        /** @description Sent when a payout failed or was reversed; its amount is back in the available balance. */
        PayoutFailedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "payout.failed";
            /** @description Unix time in seconds. */
            created: number;
            livemode: boolean;
            data: {
                id: components["schemas"]["PayoutId"];
                /** @description The payout's amount, in kobo. */
                amount: components["schemas"]["Kobo"];
                /** @constant */
                status: "failed";
                failure_code: components["schemas"]["PayoutFailureCode"];
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
         *     before with different parameters (see Idempotency) or on another endpoint; or a dashboard
         *     request's `Nairaflow-Mode` is not `test` or `live`. `param` names the field at fault when
         *     there is one.
         */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         *     key is malformed, unknown or revoked. `authentication_required`: a dashboard request's
         *     session cookie is missing, unknown or expired.
         */
        Unauthorized: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         * @description `csrf_token_invalid`: a dashboard request that changes something came without the
         *     session's `X-CSRF-Token`, with a wrong one, or from a page of another site (`Origin`).
         *     `password_confirmation_required`: a dashboard session asked for an account change that
         *     needs the password typed again first (`POST /dashboard/api/session/password_confirmation`).
         */
        Forbidden: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `resource_missing`: no object with this id exists for the caller, because it was never
         *     created, belongs to another merchant, was created under the other mode's key, or the id
         *     cannot exist at all (it is not of the shape Nairaflow gives its ids: `pi_` and 24 letters
         *     and digits for a payment intent). `param` is `id`.
         */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         * @description `rate_limited`: too many requests from this client IP in the last 60 seconds, or too many
         *     failed payment attempts from its address in the last hour (see Checkout); no card was
         *     tried. Wait `Retry-After` seconds.
         */
        PaymentAttemptTooManyRequests: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                "Retry-After": components["headers"]["PaymentAttemptRetryAfter"];
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
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         * @description `invalid_request`: the body is not valid JSON, has an unknown field, sends none or more
         *     than one answer, an answer is malformed (a `pin` that is not 4 digits, a `birthday` that
         *     is not a date), or it answers a step other than the one awaited (`param` names the field
         *     awaited); or the id is not a valid payment intent id. `payment_intent_unexpected_state`:
         *     nothing is awaited (`next_action` is null): no card was confirmed yet, the attempt already
         *     ended, or the intent is `canceled`, `succeeded`, `processing` or past `expires_at`.
         */
        AuthenticateBadRequest: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         * @description `insufficient_balance`: the merchant's balance (the available balance, with what is still
         *     pending of the payment refunded) cannot cover the refund; nothing moved. Retry once the
         *     balance covers it (in test mode, top it up).
         *     `idempotency_key_in_use`: another request with the same `Idempotency-Key` is still in
         *     progress. Retry shortly with the same key: you will get the refund that request created.
         */
        RefundConflict: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         * @description `invalid_request` (`param` `url`): the URL is not an absolute URL, is longer than 2048
         *     characters, carries a user name or password, does not use `https`, or its host is (or
         *     resolves to) a loopback, private, link-local, CGNAT, multicast or reserved address (test
         *     mode accepts `http` and such addresses when the operator allows insecure targets). Also
         *     `invalid_request` when the body is not valid JSON, has an unknown field or lacks `url`.
         */
        WebhookEndpointBadRequest: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         * @description `resource_missing`: no webhook endpoint is configured in the key's mode. Set one with
         *     `PUT /v1/webhook_endpoint`.
         */
        WebhookEndpointNotFound: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         * @description `invalid_request`: no webhook endpoint is configured in the key's mode, so there is nowhere
         *     to deliver the event (set one with `PUT /v1/webhook_endpoint`); or the id is not a valid
         *     event id (`param` `id`).
         */
        RedeliverBadRequest: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `resource_missing`: no payout account is set in this mode yet (`PUT /v1/payout_account`). */
        PayoutAccountNotFound: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         * @description `invalid_request`: the account number does not resolve at its bank (`param`
         *     `account_number`), the bank code names no bank (`param` `bank_code`), or the body is not
         *     valid JSON, has an unknown field or lacks one.
         */
        PayoutAccountBadRequest: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         * @description `invalid_request`: no payout account is set in this mode (`PUT /v1/payout_account`
         *     first), `amount` is not a whole number of kobo from 1 up, or the body is not valid JSON;
         *     or an `Idempotency-Key` was reused for a different amount.
         */
        PayoutBadRequest: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         * @description `insufficient_balance`: the available balance cannot cover the payout (the pending balance
         *     does not count); nothing moved. `idempotency_key_in_use`: another request with the same
         *     `Idempotency-Key` is still in progress: retry shortly with the same key.
         */
        PayoutConflict: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
         *
         *     `service_unavailable` (status 503, with `Retry-After`): the service cannot answer right
         *     now, for example while its database restarts, and nothing was changed; retry after a
         *     few seconds (with the same `Idempotency-Key`). Every answer during such an outage comes
         *     within 5 seconds.
         */
        UnexpectedError: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description A 2xx status line within 10 seconds confirms receipt, even while its body is still
         *     arriving; the body is ignored. Answer first and
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
         * @description The secret key's id (from the key list).
         * @example key_Vb3nM5qW7eR9tY1uI3oP5aS7
         */
        ApiKeyIdPath: components["schemas"]["ApiKeyId"];
        /**
         * @description The refund's id.
         * @example re_JurEN7BwFUda4lR3dP5WbDqI
         */
        RefundIdPath: components["schemas"]["RefundId"];
        /**
         * @description The event's id.
         * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
         */
        EventIdPath: components["schemas"]["EventId"];
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
         * @description The API version this answer follows: the request's `Nairaflow-Version`, or the current
         *     version when the request named none. On every response.
         * @example 2026-11-27
         */
        NairaflowVersion: "2026-11-24" | "2026-11-27";
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
         * @description `nf_session=<token>; Path=/; HttpOnly; SameSite=Strict` with `Max-Age` 12 hours when
         *     signing in, or an expired cookie when signing out. Over HTTPS (`PUBLIC_BASE_URL` https, or
         *     a request that came over TLS) its name is `__Host-nf_session` and it is `Secure`.
         * @example nf_session=Zr3k...; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict
         */
        SessionCookie: string;
        /**
         * @description Seconds to wait before the next attempt (1 to 900).
         * @example 4
         */
        SignInRetryAfter: number;
        /**
         * @description Seconds to wait before retrying: 1 to 60 after too many requests, up to 3600 after too many
         *     failed payment attempts from this address.
         * @example 1740
         */
        PaymentAttemptRetryAfter: number;
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
                 * @description Only intents a merchant reads as this status (their `display_status`): `succeeded`
                 *     (not refunded), `partially_refunded`, `refunded`, `failed` (unpaid, the last attempt
                 *     declined), `processing`, `awaiting_payment`, `expired` or `canceled` (not expired). Or
                 *     `requires_authentication`: every open unpaid intent, as its lifecycle `status` says.
                 *     Under API version `2026-11-24`, `succeeded`, `canceled` and `processing` keep their
                 *     former meaning, the intents' lifecycle `status` (refunded payments are `succeeded`,
                 *     expired ones `canceled`).
                 * @example refunded
                 */
                status?: components["schemas"]["PaymentIntentStatusFilter"];
                /**
                 * @description Only intents created at or after this time (Unix seconds).
                 * @example 1767225600
                 */
                "created[gte]"?: number;
                /**
                 * @description Only intents created before this time (Unix seconds).
                 * @example 1767312000
                 */
                "created[lt]"?: number;
                /**
                 * @description Only intents this finds: an intent id, a customer's exact e-mail (in any case) or
                 *     phone, a word of the description, or the exact value of any metadata key.
                 * @example ada@example.com
                 */
                q?: string;
                /**
                 * @description `totals`: also answer the figures of every intent the filter finds, all pages together (`totals`).
                 * @example totals
                 */
                include?: "totals";
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    exportPaymentIntents: {
        parameters: {
            query?: {
                /**
                 * @description Only intents a merchant reads as this status (their `display_status`): `succeeded`
                 *     (not refunded), `partially_refunded`, `refunded`, `failed` (unpaid, the last attempt
                 *     declined), `processing`, `awaiting_payment`, `expired` or `canceled` (not expired). Or
                 *     `requires_authentication`: every open unpaid intent, as its lifecycle `status` says.
                 *     Under API version `2026-11-24`, `succeeded`, `canceled` and `processing` keep their
                 *     former meaning, the intents' lifecycle `status` (refunded payments are `succeeded`,
                 *     expired ones `canceled`).
                 * @example refunded
                 */
                status?: components["schemas"]["PaymentIntentStatusFilter"];
                /**
                 * @description Only intents created at or after this time (Unix seconds).
                 * @example 1767225600
                 */
                "created[gte]"?: number;
                /**
                 * @description Only intents created before this time (Unix seconds).
                 * @example 1767312000
                 */
                "created[lt]"?: number;
                /**
                 * @description As for the list.
                 * @example ada@example.com
                 */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV, as an attachment. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listPaymentAttempts: {
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
            /** @description The intent's attempts, oldest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentAttemptList"];
                };
            };
            400: components["responses"]["BadRequest"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
            429: components["responses"]["PaymentAttemptTooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    authenticatePaymentIntent: {
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
                "application/json": components["schemas"]["AuthenticatePaymentIntentRequest"];
            };
        };
        responses: {
            /**
             * @description The checkout view after the answer: `succeeded`; `requires_authentication` with another
             *     `next_action` or with `last_error`; or `processing`.
             */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutView"];
                };
            };
            400: components["responses"]["AuthenticateBadRequest"];
            404: components["responses"]["CheckoutNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["PaymentAttemptTooManyRequests"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
            429: components["responses"]["PaymentAttemptTooManyRequests"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
            403: components["responses"]["Forbidden"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listBalanceEntries: {
        parameters: {
            query?: {
                /**
                 * @description How many entries to return, 1 to 100.
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description Cursor for the next (older) page: the id of the last entry of the current page.
                 *     Give at most one of `starting_after` and `ending_before`.
                 * @example le_3f9c2a71d04b4e8e9a5b6c7d8e9f0a1b
                 */
                starting_after?: components["schemas"]["BalanceEntryId"];
                /**
                 * @description Cursor for the previous (newer) page: the id of the first entry of the current page.
                 *     Give at most one of `starting_after` and `ending_before`.
                 * @example le_8d41e0c2b7a94f6e8c3d2b1a0f9e8d7c
                 */
                ending_before?: components["schemas"]["BalanceEntryId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries, newest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceEntryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    exportBalanceEntries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV, as an attachment. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listBanks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every bank, by name. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    retrievePayoutAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout account. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutAccount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["PayoutAccountNotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updatePayoutAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePayoutAccountRequest"];
            };
        };
        responses: {
            /** @description The payout account, as its bank named it. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutAccount"];
                };
            };
            400: components["responses"]["PayoutAccountBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listPayouts: {
        parameters: {
            query?: {
                /**
                 * @description How many payouts to return, 1 to 100.
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description Cursor for the next (older) page: the id of the last payout of the current page.
                 *     Give at most one of `starting_after` and `ending_before`.
                 * @example po_3k9x0c2m7d1q8w5e4r6t2y0u
                 */
                starting_after?: components["schemas"]["PayoutId"];
                /**
                 * @description Cursor for the previous (newer) page: the id of the first payout of the current page.
                 *     Give at most one of `starting_after` and `ending_before`.
                 * @example po_8h2j4k6l8z0x2c4v6b8n0m2q
                 */
                ending_before?: components["schemas"]["PayoutId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of payouts, newest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createPayout: {
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
                "application/json": components["schemas"]["CreatePayoutRequest"];
            };
        };
        responses: {
            /**
             * @description The payout, `pending`: the amount is in transit. With `Idempotent-Replayed: true`, the
             *     replay of the first response to this `Idempotency-Key`: nothing moved again.
             */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            400: components["responses"]["PayoutBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["PayoutConflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    retrievePayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The payout's id.
                 * @example po_3k9x0c2m7d1q8w5e4r6t2y0u
                 */
                id: components["schemas"]["PayoutId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    retrieveReportSummary: {
        parameters: {
            query: {
                /**
                 * @description The first day, YYYY-MM-DD, in the merchant's time zone.
                 * @example 2026-11-20
                 */
                from: string;
                /**
                 * @description The last day, YYYY-MM-DD (included); not before `from`, at most 365 days after it.
                 * @example 2026-11-22
                 */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The range's totals and its days. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
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
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
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
            403: components["responses"]["Forbidden"];
            404: components["responses"]["TestHelperNotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    retrieveWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint, without `secret`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["WebhookEndpointNotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The URL of the existing endpoint was changed. No `secret`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /**
             * @description The endpoint was created. The body carries its signing `secret`, returned only now (and
             *     by `roll_secret`): store it in your server's configuration.
             */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["WebhookEndpointBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint was deleted. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookEndpointNotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    rollWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RollWebhookEndpointSecretRequest"];
            };
        };
        responses: {
            /** @description The endpoint with its new `secret`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookEndpointNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    retrieveWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its current `secret`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookEndpointNotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    sendWebhookTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test event, recorded and on its way. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookEndpointNotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    recoverWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverRequest"];
            };
        };
        responses: {
            /** @description How many events were queued for a new attempt. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecovery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookEndpointNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /**
                 * @description Only events of this type.
                 * @example payment_intent.succeeded
                 */
                type?: components["schemas"]["EventType"];
                /**
                 * @description Only the events about this payment intent (its payment, cancellation and refunds).
                 * @example pi_2JIglADXcZSH0YR87yZi3eO4
                 */
                payment_intent?: components["schemas"]["PaymentIntentId"];
                /**
                 * @description Only events whose webhook delivery is in this state: `pending` (on its way or waiting
                 *     to be retried), `succeeded`, `failed` (every scheduled attempt failed), `no_endpoint`
                 *     (no endpoint was configured when it happened) or `endpoint_disabled`.
                 * @example failed
                 */
                delivery_status?: components["schemas"]["DeliveryStatus"];
                /**
                 * @description Only events created at or after this time (Unix seconds, as the events' `created`).
                 * @example 1767225600
                 */
                "created[gte]"?: number;
                /**
                 * @description Only events created before this time (Unix seconds).
                 * @example 1767312000
                 */
                "created[lt]"?: number;
                /**
                 * @description How many events to return, 1 to 100.
                 * @example 10
                 */
                limit?: number;
                /**
                 * @description Cursor for the next (older) page: the id of the last event of the current page.
                 *     Give at most one of `starting_after` and `ending_before`.
                 * @example evt_se1WerkyXCUfBrWKM8m3Z7bz
                 */
                starting_after?: components["schemas"]["EventId"];
                /**
                 * @description Cursor for the previous (newer) page: the id of the first event of the current page.
                 *     Give at most one of `starting_after` and `ending_before`.
                 * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
                 */
                ending_before?: components["schemas"]["EventId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events, newest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /**
                 * @description Only events of these types: one or more of the `EventType` values, separated by commas.
                 * @example payment_intent.succeeded,refund.succeeded
                 */
                type?: string;
                /**
                 * @description Start with the events created at or after this time, then carry on live: Unix seconds
                 *     (as events' `created`), or an RFC 3339 date-time. A reconnect that also sends
                 *     `Last-Event-ID` (as a browser's `EventSource` does, with the same URL) resumes after
                 *     that event instead.
                 * @example 2026-01-01T09:00:00Z
                 */
                since?: number | string;
            };
            header?: {
                /**
                 * @description The id of the last event received, or the `pos_...` position the stream sent first;
                 *     the stream resumes after it (whatever `since` says).
                 * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
                 */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream, open until either side ends it. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    retrieveEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
                 */
                id: components["parameters"]["EventIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listEventDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
                 */
                id: components["parameters"]["EventIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event's delivery attempts, oldest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
                 */
                id: components["parameters"]["EventIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description The delivery attempt just made, successful or not (see `response_status` and
             *     `error`).
             */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            400: components["responses"]["RedeliverBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    retrieveSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "owner@adire.example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["SignInRequest"];
            };
        };
        responses: {
            /** @description Signed in; the session cookie is set. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "Set-Cookie": components["headers"]["SessionCookie"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description `invalid_credentials`: no dashboard user has this e-mail address and password. */
            401: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            /**
             * @description `rate_limited`: too many failed sign-ins for this e-mail address from this IP address,
             *     or for any address from it (wait `Retry-After` seconds), or too many requests from
             *     this IP address.
             */
            429: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "Retry-After": components["headers"]["SignInRetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "Set-Cookie": components["headers"]["SessionCookie"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    confirmPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordConfirmationRequest"];
            };
        };
        responses: {
            /** @description Confirmed; the session with its `password_confirmed_until`. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            /**
             * @description `invalid_credentials`: the password is not the user's (the session goes on), or
             *     `authentication_required`: the session has ended.
             */
            401: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            /**
             * @description `rate_limited`: too many wrong passwords (wait `Retry-After` seconds), or too many
             *     requests.
             */
            429: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "Retry-After": components["headers"]["SignInRetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out of every session. */
            204: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "Set-Cookie": components["headers"]["SessionCookie"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listReconciliationNotices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notices, newest day first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconciliationNoticeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active key of each mode, test first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    rollApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The secret key's id (from the key list).
                 * @example key_Vb3nM5qW7eR9tY1uI3oP5aS7
                 */
                id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key, with its secret. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Nairaflow-Version": components["headers"]["NairaflowVersion"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
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
    refundDestinationSucceededWebhook: {
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
                "application/json": components["schemas"]["RefundDestinationSucceededEvent"];
            };
        };
        responses: {
            400: components["responses"]["WebhookRejected"];
            "2XX": components["responses"]["WebhookReceived"];
        };
    };
    refundDestinationFailedWebhook: {
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
                "application/json": components["schemas"]["RefundDestinationFailedEvent"];
            };
        };
        responses: {
            400: components["responses"]["WebhookRejected"];
            "2XX": components["responses"]["WebhookReceived"];
        };
    };
    payoutPaidWebhook: {
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
                "application/json": components["schemas"]["PayoutPaidEvent"];
            };
        };
        responses: {
            400: components["responses"]["WebhookRejected"];
            "2XX": components["responses"]["WebhookReceived"];
        };
    };
    payoutFailedWebhook: {
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
                "application/json": components["schemas"]["PayoutFailedEvent"];
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
