/** What a renderer needs to know about where its text goes. Renderers are pure: data in, text out. */
export interface RenderContext {
  /** stdout is a terminal: aligned, shortened, relative. Else tab-separated, full, ISO. */
  tty: boolean;
  color: boolean;
  width: number;
  now: number;
  /** Symbol of the chain's native coin, for labelling values; '' when not known. */
  coin: string;
  /** Tables: times as an age (the default) or as the UTC date and time (`--time absolute`). */
  time?: 'relative' | 'absolute' | undefined;
  /** Tables: `--wide`, nothing shortened, left out or fitted to the width (the terminal may wrap). */
  wide?: boolean | undefined;
  /**
   * The address a list is of (`address txs 0x…`): its tables show each row's direction (IN, OUT,
   * SELF) and the other party instead of this address on every row.
   */
  subject?: string | undefined;
}

/**
 * What labels an amount of the chain's native coin: its symbol, or the word `coin` when the chain is
 * not known (an explorer given by --base-url that no chain lists), never a guessed ETH.
 */
export function coinLabel(ctx: Pick<RenderContext, 'coin'>): string {
  return ctx.coin || 'coin';
}
