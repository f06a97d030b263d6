// A list call: await it for one page, or iterate it for every object across pages.
import { InvalidRequestError } from './errors.ts';

/** A page as the API returns it (`{"object": "list", "data": [...], "has_more": ...}`). */
export interface Page<Item> {
  object: 'list';
  data: Item[];
  has_more: boolean;
}

export interface Cursor {
  starting_after?: string;
  ending_before?: string;
}

/** The cursor a list starts from, without the keys the caller left out. */
export function startCursor(starting_after: string | undefined, ending_before: string | undefined): Cursor {
  return {
    ...(starting_after === undefined ? {} : { starting_after }),
    ...(ending_before === undefined ? {} : { ending_before }),
  };
}

// autoPagingToArray holds everything in memory; past this, iterate with for await instead.
const MAX_TO_ARRAY = 10_000;

/**
 * What `list()` returns. `await list` (or `list.firstPage()`) gives the page the parameters ask
 * for. `for await (const item of list)` walks every page: after the first, each request asks for
 * the objects after the last one seen (`starting_after`), so newest to oldest; a list started
 * with `ending_before` walks the other way (`ending_before` the first one seen), yielding oldest
 * to newest.
 */
export class ListResult<Item extends { id: string }> implements PromiseLike<Page<Item>>, AsyncIterable<Item> {
  readonly #fetchPage: (cursor: Cursor) => Promise<Page<Item>>;
  readonly #start: Cursor;
  #first: Promise<Page<Item>> | undefined;

  /** @internal */
  constructor(fetchPage: (cursor: Cursor) => Promise<Page<Item>>, start: Cursor) {
    this.#fetchPage = fetchPage;
    this.#start = start;
  }

  /** The first page (fetched once, on first use). */
  firstPage(): Promise<Page<Item>> {
    if (this.#first === undefined) {
      const first = this.#fetchPage(this.#start);
      this.#first = first;
      // A failed first page is not remembered: the next use tries again.
      first.catch(() => {
        if (this.#first === first) this.#first = undefined;
      });
    }
    return this.#first;
  }

  then<A = Page<Item>, B = never>(
    onfulfilled?: ((page: Page<Item>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.firstPage().then(onfulfilled, onrejected);
  }

  /** Every page, the first included, requested one at a time as you consume them. */
  async *pages(): AsyncGenerator<Page<Item>, void, undefined> {
    const backwards = this.#start.ending_before !== undefined;
    let page = await this.firstPage();
    for (;;) {
      yield page;
      const edge = backwards ? page.data[0] : page.data[page.data.length - 1];
      if (!page.has_more || edge === undefined) return;
      page = await this.#fetchPage(backwards ? { ending_before: edge.id } : { starting_after: edge.id });
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const backwards = this.#start.ending_before !== undefined;
    for await (const page of this.pages()) {
      yield* backwards ? [...page.data].reverse() : page.data;
    }
  }

  /** Up to `limit` objects across pages, in iteration order (at most 10,000: iterate for more). */
  async autoPagingToArray(options: { limit: number }): Promise<Item[]> {
    const limit = options?.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_TO_ARRAY) {
      throw new InvalidRequestError({
        message: `autoPagingToArray needs a limit from 1 to ${MAX_TO_ARRAY}; use for await to walk longer lists.`,
        code: 'invalid_request',
        param: 'limit',
      });
    }
    const items: Item[] = [];
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }
}
