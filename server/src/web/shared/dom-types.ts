// Types for dom.js that JSDoc cannot write (a type that refers to itself). Types only: never served.

/** What h() and append() take as children: nodes, text, or lists of them; null, undefined and false are left out. */
export type Children = Node | string | number | null | undefined | false | readonly Children[];
