// generated — do not edit. Source: openapi.yaml; regenerate with `npm run generate`.

export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Any event the service sends, told apart by `type`. */
        Event: components["schemas"]["EventEnvelope"] & (components["schemas"]["PaymentIntentSucceededEvent"] | components["schemas"]["PaymentIntentFailedEvent"] | components["schemas"]["PaymentIntentCanceledEvent"] | components["schemas"]["RefundSucceededEvent"] | components["schemas"]["RefundDestinationSucceededEvent"] | components["schemas"]["RefundDestinationFailedEvent"] | components["schemas"]["PayoutPaidEvent"] | components["schemas"]["PayoutFailedEvent"] | components["schemas"]["WebhookTestEvent"]);
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
         * @description An amount in kobo (1 NGN = 100 kobo) as a decimal string of an integer, so that large
         *     values keep their precision in every JSON parser.
         * @example 250000
         */
        Kobo: string;
        /**
         * @description A payout's id, `po_` and 24 lower-case letters and digits (it is also the transfer's reference at the processor).
         * @example po_3k9x0c2m7d1q8w5e4r6t2y0u
         */
        PayoutId: string;
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
        /**
         * @description The ISO 4217 currency code. Nairaflow handles naira only.
         * @enum {string}
         */
        Currency: "NGN";
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
         * @description An event id, `evt_` and 24 letters and digits.
         * @example evt_mmFhLZKiP4cIuelfT4fOKx2A
         */
        EventId: string;
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

export type PaymentIntentSucceededEvent = components["schemas"]["PaymentIntentSucceededEvent"];
export type PaymentIntentFailedEvent = components["schemas"]["PaymentIntentFailedEvent"];
export type PaymentIntentCanceledEvent = components["schemas"]["PaymentIntentCanceledEvent"];
export type RefundSucceededEvent = components["schemas"]["RefundSucceededEvent"];
export type RefundDestinationSucceededEvent = components["schemas"]["RefundDestinationSucceededEvent"];
export type RefundDestinationFailedEvent = components["schemas"]["RefundDestinationFailedEvent"];
export type PayoutPaidEvent = components["schemas"]["PayoutPaidEvent"];
export type PayoutFailedEvent = components["schemas"]["PayoutFailedEvent"];
export type WebhookTestEvent = components["schemas"]["WebhookTestEvent"];
/** Any event Nairaflow sends (components.schemas.Event's oneOf), discriminated on `type`. */
export type NairaflowEvent = PaymentIntentSucceededEvent | PaymentIntentFailedEvent | PaymentIntentCanceledEvent | RefundSucceededEvent | RefundDestinationSucceededEvent | RefundDestinationFailedEvent | PayoutPaidEvent | PayoutFailedEvent | WebhookTestEvent;
