/** What a renderer needs to know about where its text goes. Renderers are pure: data in, text out. */
export interface RenderContext {
  /** stdout is a terminal: aligned, shortened, relative. Else tab-separated, full, ISO. */
  tty: boolean;
  color: boolean;
  width: number;
  now: number;
  /** Symbol of the chain's native coin, for labelling values. */
  coin: string;
}
