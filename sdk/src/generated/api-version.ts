// generated — do not edit. Source: openapi.yaml; regenerate with `npm run generate`.

/** The API version this SDK is written against (openapi.yaml's info.version); sent as Nairaflow-Version on every request. */
export const API_VERSION = "2026-11-27";
